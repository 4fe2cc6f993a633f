/** A confirmation dialog before destructive actions; loads antd-mobile's Dialog on first use. */
export const confirm = async (content: string, confirmText: string, cancelText: string): Promise<boolean> => {
  const [{ default: Dialog }, { installAntdRender }] = await Promise.all([
    import('antd-mobile/es/components/dialog'),
    import('./antd-render.ts'),
  ]);
  installAntdRender();
  return Dialog.confirm({ content, confirmText, cancelText });
};
