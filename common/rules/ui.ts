/** Timings and sizes the web app's screens share with the spec. */

export const REDIRECT_DELAY_MS = 2000;
export const MESSAGE_CLEAR_MS = 5000;
export const MOBILE_BREAKPOINT_PX = 768;
