/** Users chosen in /userList for /activationConfirm and /locationPayment, handed over in session storage. */
export interface Picked {
  id: number;
  name: string;
  ssid: string;
}

const key = 'terminal:selected';

export const putSelection = (users: Picked[]) => {
  try {
    sessionStorage.setItem(key, JSON.stringify(users));
  } catch {
    // Without storage the next page shows that nobody is chosen.
  }
};

export const readSelection = (): Picked[] => {
  try {
    const value = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as Picked[]).filter((u) => typeof u?.id === 'number') : [];
  } catch {
    return [];
  }
};
