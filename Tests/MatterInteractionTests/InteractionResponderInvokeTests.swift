import MatterMessage
import MatterTLV
import Testing

@testable import MatterInteraction

/// Invokes on one exchange: the owner's results answered, SuppressResponse, the timed window and its refusals.
@Suite struct InteractionResponderInvokeTests {
    static let path = CommandPathIB(endpoint: 0, cluster: 0x3C, command: 2)

    static func invoke(timed: Bool = false, suppress: Bool = false, count: Int = 1) -> [UInt8] {
        InvokeRequestMessage(
            suppressResponse: suppress, timedRequest: timed,
            invokeRequests: (0..<count).map { CommandDataIB(path: path, ref: count > 1 ? UInt16($0) : nil) }
        ).encoded()
    }

    static func status(_ actions: [InteractionResponderAction]) throws -> InteractionModelStatus? {
        for case .send(.statusResponse, let payload, _) in actions {
            return try StatusResponseMessage(payload: payload).status
        }
        return nil
    }

    @Test func theOwnersResultsGoOutAsOneInvokeResponse() throws {
        var responder = InteractionResponder()
        let actions = responder.messageReceived(
            opcode: 0x08, payload: Self.invoke(), now: .origin, reader: AttributeReaderTests.reader)
        #expect(actions == [.invoke([CommandDataIB(path: Self.path)], timed: false)])
        #expect(!responder.isFinished)
        let answer = responder.commandsHandled([.status(path: Self.path, StatusIB(.needsTimedInteraction), ref: nil)])
        guard case .send(.invokeCommandResponse, let payload, false) = answer.first, answer.count == 1 else {
            Issue.record("expected one InvokeResponse, got \(answer)")
            return
        }
        #expect(
            try InvokeResponseMessage(payload: payload).invokeResponses == [
                .status(path: Self.path, StatusIB(.needsTimedInteraction), ref: nil)
            ])
        #expect(responder.isFinished)
        #expect(responder.commandsHandled([]) == [])
    }

    @Test func suppressResponseSendsNothing() {
        var responder = InteractionResponder()
        _ = responder.messageReceived(
            opcode: 0x08, payload: Self.invoke(suppress: true), now: .origin, reader: AttributeReaderTests.reader)
        #expect(responder.commandsHandled([.status(path: Self.path, StatusIB(.success), ref: nil)]) == [.close])
    }

    @Test func aTimedRequestOpensAWindowForTheInvoke() throws {
        var responder = InteractionResponder()
        let accepted = responder.messageReceived(
            opcode: 0x0A, payload: TimedRequestMessage(timeoutMilliseconds: 500).encoded(),
            now: MonotonicInstant(milliseconds: 1000), reader: AttributeReaderTests.reader)
        #expect(try Self.status(accepted) == .success)
        #expect(accepted.allSatisfy { if case .send(_, _, true) = $0 { true } else { false } })
        let actions = responder.messageReceived(
            opcode: 0x08, payload: Self.invoke(timed: true), now: MonotonicInstant(milliseconds: 1500),
            reader: AttributeReaderTests.reader)
        #expect(actions == [.invoke([CommandDataIB(path: Self.path)], timed: true)])
    }

    @Test func lateMismatchedOrOversizedInvokesAreRefused() throws {
        let timed = TimedRequestMessage(timeoutMilliseconds: 500).encoded()
        var late = InteractionResponder()
        _ = late.messageReceived(
            opcode: 0x0A, payload: timed, now: MonotonicInstant(milliseconds: 1000), reader: AttributeReaderTests.reader
        )
        #expect(
            try Self.status(
                late.messageReceived(
                    opcode: 0x08, payload: Self.invoke(timed: true), now: MonotonicInstant(milliseconds: 1501),
                    reader: AttributeReaderTests.reader))
                == .timeout)
        #expect(late.isFinished)

        var unflagged = InteractionResponder()
        _ = unflagged.messageReceived(opcode: 0x0A, payload: timed, now: .origin, reader: AttributeReaderTests.reader)
        #expect(
            try Self.status(
                unflagged.messageReceived(
                    opcode: 0x08, payload: Self.invoke(), now: .origin, reader: AttributeReaderTests.reader))
                == .timedRequestMismatch)

        var flagged = InteractionResponder()
        #expect(
            try Self.status(
                flagged.messageReceived(
                    opcode: 0x08, payload: Self.invoke(timed: true), now: .origin, reader: AttributeReaderTests.reader))
                == .timedRequestMismatch)

        var batched = InteractionResponder()
        #expect(
            try Self.status(
                batched.messageReceived(
                    opcode: 0x08, payload: Self.invoke(count: 2), now: .origin, reader: AttributeReaderTests.reader))
                == .invalidAction)

        // After a TimedRequest only an invoke may follow.
        var read = InteractionResponder()
        _ = read.messageReceived(opcode: 0x0A, payload: timed, now: .origin, reader: AttributeReaderTests.reader)
        #expect(
            try Self.status(
                read.messageReceived(
                    opcode: 0x02, payload: ReadRequestMessage(attributeRequests: [AttributePathIB()]).encoded(),
                    now: .origin, reader: AttributeReaderTests.reader)) == .invalidAction)
    }
}
