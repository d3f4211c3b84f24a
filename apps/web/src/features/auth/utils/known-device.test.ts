import { beforeEach, describe, expect, it } from 'vitest';
import { deviceTokenFor, lastDeviceToken, rememberDeviceToken } from './known-device';

beforeEach(() => {
  window.localStorage.clear();
});

describe('known-device tokens', () => {
  it("keeps each account's token by its e-mail, whatever the case typed, across sign-outs", () => {
    rememberDeviceToken('Asha@Example.in', 'token-a');
    rememberDeviceToken('ravi@example.in', 'token-r');
    expect(deviceTokenFor('asha@example.in ')).toBe('token-a');
    expect(deviceTokenFor('RAVI@example.in')).toBe('token-r');
    expect(deviceTokenFor('nobody@example.in')).toBeUndefined();
    expect(lastDeviceToken()).toBe('token-r');
  });

  it('replaces an account’s older token and keeps at most 10 accounts, newest first', () => {
    for (let i = 0; i < 12; i += 1) rememberDeviceToken(`user${i}@example.in`, `t${i}`);
    rememberDeviceToken('user11@example.in', 't11-new');
    expect(deviceTokenFor('user11@example.in')).toBe('t11-new');
    expect(deviceTokenFor('user1@example.in')).toBeUndefined();
    expect(deviceTokenFor('user2@example.in')).toBe('t2');
  });

  it('ignores a damaged stored value', () => {
    window.localStorage.setItem('knownDevices', '{"not":"a list"');
    expect(deviceTokenFor('asha@example.in')).toBeUndefined();
    rememberDeviceToken('asha@example.in', 'token-a');
    expect(deviceTokenFor('asha@example.in')).toBe('token-a');
  });
});
