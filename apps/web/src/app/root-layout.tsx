import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useAppInfo } from '../api/app-info.ts';
import { useProductTitle } from '../components/use-product-title.ts';
import { assetUrl } from '../lib/config.ts';

export const RootLayout = () => {
  const title = useProductTitle();
  const info = useAppInfo();
  const navigation = useNavigation();

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link && info?.icon) link.href = assetUrl(info.icon);
  }, [info?.icon]);

  return (
    <>
      {navigation.state !== 'idle' && <div className="nav-progress" aria-hidden />}
      <Outlet />
    </>
  );
};
