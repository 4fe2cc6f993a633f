/**
 * Toasts load antd-mobile's Toast on first use: the login route rarely needs one, and it pulls in the
 * animation library, so it stays out of the first page's JavaScript.
 */
export const showToast = (content: string): void => {
  // A chunk that cannot load (offline, a new build) loses the toast instead of leaving an unhandled
  // rejection, as does one that resolves after its page is gone.
  void Promise.all([import('antd-mobile/es/components/toast'), import('./antd-render.ts')])
    .then(([{ default: Toast }, { installAntdRender }]) => {
      installAntdRender();
      Toast.show({ content, duration: 2500 });
    })
    .catch(() => undefined);
};
