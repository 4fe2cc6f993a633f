/**
 * What the transport does to the page (toast, navigate) is handed in by the app at start-up, so the
 * client stays free of the router and the UI kit, and tests can watch it.
 */
export interface TransportHooks {
  toast: (text: string) => void;
  /** Leave for the login page; the app passes the router's navigate. */
  toLogin: () => void;
}

const hooks: TransportHooks = {
  toast: () => {},
  toLogin: () => {
    if (window.location.pathname !== '/') window.location.assign('/');
  },
};

export const setTransportHooks = (next: Partial<TransportHooks>): void => {
  Object.assign(hooks, next);
};

export const transportHooks: Readonly<TransportHooks> = hooks;
