import { describe, expect, it } from 'vitest';
import { deviceIdOf, deviceName, maskNetwork } from '@/modules/settings/seller-devices.ts';

describe('a device as Settings names it', () => {
  it('names the browser and system a seller recognises', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0 Mobile Safari/537.36',
      ),
    ).toBe('Samsung Internet on Android');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      deviceName('Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toBe('Firefox on Mac');
    expect(deviceName('curl/8.5.0')).toBe('Unknown device');
  });

  it('hides the last part of the address', () => {
    expect(maskNetwork('102.89.34.17')).toBe('102.89.34.x');
    expect(maskNetwork('::ffff:41.58.2.9')).toBe('41.58.2.x');
    expect(maskNetwork('2c0f:f5c0:4a1:9b2::17')).toBe('2c0f:f5c0:4a1:9b2::');
  });

  it('takes only a well-formed device id', () => {
    expect(deviceIdOf({ 'x-device-id': 'a1b2c3d4-e5f6' })).toBe('a1b2c3d4-e5f6');
    expect(deviceIdOf({ 'x-device-id': 'short' })).toBeNull();
    expect(deviceIdOf({ 'x-device-id': '<script>alert(1)</script>' })).toBeNull();
    expect(deviceIdOf({})).toBeNull();
  });
});
