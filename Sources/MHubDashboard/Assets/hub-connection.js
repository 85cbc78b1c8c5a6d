// The control protocol over /ws (docs/protocol.md): requests with message ids, their replies, the server info and
// events. A token goes in Sec-WebSocket-Protocol ("mhub.bearer.<token>" beside "mhub"), never in the URL.

/** A reply with an error_code: the hub's code, name and details. */
export class HubError extends Error {
  constructor(reply) {
    super(`${reply.error_name ?? "Error"} (${reply.error_code}): ${reply.details ?? ""}`);
    this.code = reply.error_code;
    this.name = reply.error_name ?? "Error";
    this.details = reply.details ?? "";
  }
}

export class HubConnection {
  /**
   * @param {object} handlers onOpen(), onClose({opened, token}), onServerInfo(info), onEvent(name, data)
   */
  constructor(handlers) {
    this.handlers = handlers;
    this.socket = null;
    this.nextID = 1;
    this.pending = new Map();
  }

  /** Opens the WebSocket to the page's own host; with `token`, presented as a subprotocol element. */
  connect(token) {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const protocols = token ? ["mhub", `mhub.bearer.${token}`] : ["mhub"];
    const socket = new WebSocket(`${scheme}//${location.host}/ws`, protocols);
    this.socket = socket;
    let opened = false;
    socket.addEventListener("open", () => {
      opened = true;
      this.handlers.onOpen();
    });
    socket.addEventListener("message", (message) => this.received(message.data));
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      for (const { reject } of this.pending.values()) reject(new Error("the connection to the hub closed"));
      this.pending.clear();
      this.handlers.onClose({ opened, token });
    });
  }

  get isOpen() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  close() {
    this.socket?.close();
  }

  /** Sends a request; resolves with its result, rejects with a HubError. */
  call(command, args = {}) {
    if (!this.isOpen) return Promise.reject(new Error("not connected to the hub"));
    const id = String(this.nextID++);
    this.socket.send(JSON.stringify({ message_id: id, command, args }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  received(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message.event === "string") {
      this.handlers.onEvent(message.event, message.data);
    } else if (message.message_id !== undefined && message.message_id !== null) {
      const waiting = this.pending.get(String(message.message_id));
      if (!waiting) return;
      this.pending.delete(String(message.message_id));
      if (message.error_code !== undefined) waiting.reject(new HubError(message));
      else waiting.resolve(message.result);
    } else if (message.schema_version !== undefined) {
      this.handlers.onServerInfo(message);
    }
  }
}
