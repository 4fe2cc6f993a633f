/**
 * Pickers (/agentChoice, /orgChoice) hand their choice back through session storage, as SPEC §2 has
 * data travel in the query string or in session storage.
 */
export interface Choice {
  id: number;
  name: string;
}

const key = (kind: string) => `choice:${kind}`;

export const putChoice = (kind: string, choice: Choice) => {
  try {
    sessionStorage.setItem(key(kind), JSON.stringify(choice));
  } catch {
    // Without storage the caller simply shows no choice.
  }
};

export const readChoice = (kind: string): Choice | null => {
  try {
    const text = sessionStorage.getItem(key(kind));
    return text ? (JSON.parse(text) as Choice) : null;
  } catch {
    return null;
  }
};
