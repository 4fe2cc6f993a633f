import { type LandingData, land } from './landing.ts';

// The page's inline script (build/landing.ts compiles this module into index.html after #root).
const data = document.getElementById('landing-data')?.textContent;
if (data) land(JSON.parse(data) as LandingData);
