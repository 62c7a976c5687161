/**
 * Debian's Chromium, never a downloaded browser, for the e2e tests and the benchmarks. The flags keep
 * it from calling out to the network (the machines here have none) and fake a camera and microphone
 * for the live studio.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];
