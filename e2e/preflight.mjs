// Runs first in `npm test`: the end-to-end tests need a browser, so a machine without one is told at once
// how to get it, instead of failing after the unit tests.
import { existsSync } from 'node:fs';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.error(
    [
      `npm test needs Chromium for its end-to-end tests and found none at ${chrome}.`,
      "Install Debian's (with the fonts that show Chinese), then run npm test again:",
      '',
      '  sudo apt-get update && sudo apt-get install -y chromium fonts-noto-cjk',
      '',
      'or point CHROME_PATH at an installed Chromium.',
    ].join('\n'),
  );
  process.exit(1);
}
