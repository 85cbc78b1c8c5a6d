/// RFC 6455 WebSocket codec (in progress).
