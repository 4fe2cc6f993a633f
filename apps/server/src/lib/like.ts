/**
 * A LIKE pattern that finds `text` anywhere: `%`, `_` and the escape character itself are matched as
 * they are, so a keyword such as '50%' or 'a_b' means those characters and not "anything".
 */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A LIKE pattern that finds `text` at the start, matched as it is like `containing`. */
export const startingWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
