/**
 * The browser's location (navigator.geolocation), as a point or the reason there is none, in words a person can act
 * on. Asked only when the person presses a button ('Use my location').
 */
export type DevicePoint = { lat: number; lng: number };

export type DeviceLocation = { ok: true; point: DevicePoint } | { ok: false; message: string };

export const LOCATION_UNSUPPORTED = 'This browser cannot share your location. Type the address or place the pin on the map.';
export const LOCATION_DENIED = 'Location access was denied. Allow it in your browser settings, or type the address and place the pin.';
export const LOCATION_UNAVAILABLE = 'We could not find your location. Type the address or place the pin on the map.';

/** The device's position rounded to 6 decimals (about 10 cm), or why not. Never rejects. */
export function locateDevice(geolocation: Geolocation | undefined = typeof navigator !== 'undefined' ? navigator.geolocation : undefined): Promise<DeviceLocation> {
  if (!geolocation) return Promise.resolve({ ok: false, message: LOCATION_UNSUPPORTED });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (position) =>
        resolve({
          ok: true,
          point: { lat: Math.round(position.coords.latitude * 1e6) / 1e6, lng: Math.round(position.coords.longitude * 1e6) / 1e6 },
        }),
      (failure) => resolve({ ok: false, message: failure.code === failure.PERMISSION_DENIED ? LOCATION_DENIED : LOCATION_UNAVAILABLE }),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  });
}
