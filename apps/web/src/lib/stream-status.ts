/** The state of a live stream (EventSource) a page listens to, shown by components/LiveIndicator. */
export type TStreamStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';
