import FuzzSupport
import MHubWebSocket

/// The HTTP head parser of the WebSocket handshake, as server (requests) and client (responses): the same bytes
/// give the same heads, error and remainder however they are cut into pieces; no head is longer than the limit;
/// the remainder is exactly the bytes after the heads; the handshake answers every request head it is given.
///
/// The first input byte picks the parser's byte limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPHead(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = fuzzBytes(data, size)
    guard let configuration = input.first else { return 0 }
    let limits = [16 * 1024, 1, 16, 64, 256]
    let maximum = limits[Int(configuration) % limits.count]
    let stream = Array(input.dropFirst())

    for side in [Side.request, Side.response] {
        var reference: Outcome?
        for pieces in Chunking.splits(of: stream) {
            let outcome = parse(pieces, side: side, maximumBytes: maximum)
            if let reference {
                fuzzCheck(
                    outcome == reference, "cutting the \(side) stream differently gave \(outcome), not \(reference)")
            } else {
                reference = outcome
            }
        }
        guard let reference else { continue }
        fuzzCheck(
            reference.heads.allSatisfy { $0.byteCount <= maximum }, "a \(side) head is longer than \(maximum) bytes")
        if reference.error == nil {
            let consumed = reference.heads.reduce(0) { $0 + $1.byteCount }
            fuzzCheck(
                Array(stream.dropFirst(consumed)) == reference.remainder,
                "the heads and the remainder are not the whole \(side) stream")
        }
    }
    return 0
}

private enum Side: CustomStringConvertible {
    case request
    case response

    var description: String {
        switch self {
        case .request: "request"
        case .response: "response"
        }
    }
}

/// A parsed head in comparable form, and how many bytes it took (its lines, CRLFs and the final empty line,
/// plus any empty lines before it).
private struct Head: Equatable {
    var firstLine: [String]
    var headers: [String]
    var byteCount: Int
}

private struct Outcome: Equatable {
    var heads: [Head] = []
    var error: HTTPHeadError?
    var remainder: [UInt8] = []
}

private func parse(_ pieces: [ArraySlice<UInt8>], side: Side, maximumBytes: Int) -> Outcome {
    var parser = HTTPHeadParser(maximumBytes: maximumBytes)
    var outcome = Outcome()
    var buffered = 0
    for piece in pieces {
        parser.append(piece)
        buffered += piece.count
        while true {
            do {
                guard var head = try next(&parser, side: side) else { break }
                // What the parser still holds came after this head; handing it back leaves the parser as it was.
                let rest = parser.takeRemainder()
                head.byteCount = buffered - rest.count
                outcome.heads.append(head)
                buffered = rest.count
                parser.append(rest)
            } catch {
                outcome.error = error
                do {
                    _ = try next(&parser, side: side)
                    fatalError("property violated: after \(error) the \(side) parser went on")
                } catch let again {
                    fuzzCheck(again == error, "after \(error) the \(side) parser threw \(again)")
                }
                return outcome
            }
        }
    }
    outcome.remainder = parser.takeRemainder()
    return outcome
}

private func next(_ parser: inout HTTPHeadParser, side: Side) throws(HTTPHeadError) -> Head? {
    switch side {
    case .request:
        guard let head = try parser.nextRequest() else { return nil }
        // Any head gets an answer: 101 or a complete error response.
        switch WebSocketHandshake.serverResponse(to: head, path: "/ws") {
        case .accept(let response), .reject(let response, _):
            fuzzCheck(response.starts(with: Array("HTTP/1.1 ".utf8)), "the handshake answered with no status line")
        }
        return Head(
            firstLine: [head.method, head.target, head.version],
            headers: head.headers.flatMap { [$0.name, $0.value] }, byteCount: 0)
    case .response:
        guard let head = try parser.nextResponse() else { return nil }
        fuzzCheck((0...999).contains(head.status), "status \(head.status) has more than three digits")
        _ = try? WebSocketHandshake.validateServerResponse(head, key: "dGhlIHNhbXBsZSBub25jZQ==")
        return Head(
            firstLine: [String(head.status), head.reason], headers: head.headers.flatMap { [$0.name, $0.value] },
            byteCount: 0)
    }
}
