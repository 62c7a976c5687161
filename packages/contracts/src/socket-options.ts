// zod-free, like brand.ts: the web's dashboard imports these on its first screen, where zod is not
// loaded (docs/performance.md, issue 20).

/** SPEC section 9: socket connection time-out. */
export const SOCKET_CONNECTION_TIMEOUT_MS = 20_000;
/** SPEC section 9: the reconnect delay starts at 1 s ... */
export const SOCKET_RECONNECTION_DELAY_MS = 1_000;
/** ... and grows to at most 5 s ... */
export const SOCKET_RECONNECTION_DELAY_MAX_MS = 5_000;
/** ... randomised by ±50 %, so viewers dropped together do not all come back in the same instant. */
export const SOCKET_RANDOMIZATION_FACTOR = 0.5;

/** Socket.io client options of SPEC section 9, shared by the web client, the simulator and the tests. */
export const SOCKET_CLIENT_OPTIONS = {
  path: '/socket.io',
  timeout: SOCKET_CONNECTION_TIMEOUT_MS,
  reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
  reconnectionDelayMax: SOCKET_RECONNECTION_DELAY_MAX_MS,
  randomizationFactor: SOCKET_RANDOMIZATION_FACTOR,
} as const;
