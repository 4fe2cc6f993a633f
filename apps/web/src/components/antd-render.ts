import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();

/**
 * antd-mobile 5 renders Toast, Dialog and other imperative components with ReactDOM.render, which React 19
 * removed; without this they silently render nothing. One root per container, unmounted after the
 * current render so React does not warn about unmounting while rendering. It is installed with the UI
 * kit's code rather than at start-up, so the login page does not load antd-mobile's legacy render helper.
 */
let installed = false;

/** Called by every module that loads an imperative antd-mobile component, before it is used. */
export const installAntdRender = (): void => {
  if (installed) return;
  installed = true;
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      roots.delete(container);
    };
  });
};
