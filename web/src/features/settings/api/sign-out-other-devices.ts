import { apiRequest } from '../../../lib/api-client.ts';
import { SETTINGS_TEXT } from '../texts.ts';
import { useDeviceSignOut } from './sign-out-device.ts';

export function signOutOtherDevices(): Promise<undefined> {
  return apiRequest<undefined>('/me/sessions/end-others', { method: 'POST' });
}

export function useSignOutOtherDevices() {
  return useDeviceSignOut(signOutOtherDevices, SETTINGS_TEXT.devices.signedOutOthers);
}
