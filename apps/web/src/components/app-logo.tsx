import { useAppInfo } from '../api/app-info.ts';
import { assetUrl } from '../lib/config.ts';

/** The operator's logo when branding sets one, otherwise the product's microphone mark. */
export const AppLogo = ({ size = 56 }: { size?: number }) => {
  const info = useAppInfo();
  if (info?.logo) {
    return <img src={assetUrl(info.logo)} alt="" width={size} height={size} className="app-logo" />;
  }
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden className="app-logo">
      <rect width="64" height="64" rx="16" fill="rgba(255,255,255,0.2)" />
      <rect x="24" y="10" width="16" height="30" rx="8" fill="#fff" />
      <path d="M16 30a16 16 0 0 0 32 0" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      <path d="M32 46v8M24 54h16" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
};
