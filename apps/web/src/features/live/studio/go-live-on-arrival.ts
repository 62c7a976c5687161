/**
 * The history state "Submit and go live" opens the studio with: the show goes live as soon as the
 * camera runs, as the button promised, instead of waiting for a second tap on Go Live. Its own
 * module, so the submit page does not pull the studio's code into its chunk.
 */
export const GO_LIVE_ON_ARRIVAL = { goLive: true } as const;

export const wantsGoLive = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { goLive?: unknown }).goLive === true;
