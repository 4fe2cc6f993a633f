/**
 * A call's data already written as JSON (the user list's pages, which PostgreSQL writes): the route
 * puts the text into the envelope as it is instead of reading and writing it again. `Data` is the
 * shape the text holds, the contract's data of the call; the tests read it back against that schema.
 */
export class JsonText<Data> {
  declare readonly data?: Data;
  constructor(readonly text: string) {}
}
