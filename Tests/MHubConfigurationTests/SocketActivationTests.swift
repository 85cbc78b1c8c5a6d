import Testing

@testable import MHubConfiguration

/// sd_listen_fds(3) semantics: descriptors from 3, only for the process LISTEN_PID names, names from
/// LISTEN_FDNAMES or "unknown".
@Suite struct SocketActivationTests {
    let pid: Int32 = 4242

    @Test func namedDescriptorsStartAtThree() throws {
        let activation = try SocketActivation.parse(
            ["LISTEN_PID": "4242", "LISTEN_FDS": "2", "LISTEN_FDNAMES": "control:websocket"], processID: pid)
        #expect(
            activation?.descriptors == [
                SocketActivation.Descriptor(fd: 3, name: "control"),
                SocketActivation.Descriptor(fd: 4, name: "websocket"),
            ])
    }

    @Test func withoutNamesEveryDescriptorIsUnknown() throws {
        let activation = try SocketActivation.parse(["LISTEN_PID": "4242", "LISTEN_FDS": "3"], processID: pid)
        #expect(activation?.descriptors.map(\.fd) == [3, 4, 5])
        #expect(activation?.descriptors.map(\.name) == ["unknown", "unknown", "unknown"])
    }

    @Test func nothingWasPassedWithoutVariablesOrToAnotherProcess() throws {
        #expect(try SocketActivation.parse([:], processID: pid) == nil)
        #expect(try SocketActivation.parse(["LISTEN_FDS": "2"], processID: pid) == nil)
        // Inherited from a parent that was activated: not ours.
        #expect(try SocketActivation.parse(["LISTEN_PID": "17", "LISTEN_FDS": "2"], processID: pid) == nil)
        #expect(try SocketActivation.parse(["LISTEN_PID": "4242"], processID: pid) == nil)
    }

    @Test func zeroDescriptorsIsAnEmptyActivation() throws {
        #expect(
            try SocketActivation.parse(["LISTEN_PID": "4242", "LISTEN_FDS": "0"], processID: pid)?.descriptors == [])
    }

    @Test(arguments: [
        (["LISTEN_PID": "abc", "LISTEN_FDS": "1"], "LISTEN_PID"),
        (["LISTEN_PID": "-4", "LISTEN_FDS": "1"], "LISTEN_PID"),
        (["LISTEN_PID": "4242", "LISTEN_FDS": "two"], "LISTEN_FDS"),
        (["LISTEN_PID": "4242", "LISTEN_FDS": "-1"], "LISTEN_FDS"),
        (["LISTEN_PID": "4242", "LISTEN_FDS": "100000"], "LISTEN_FDS"),
        (["LISTEN_PID": "4242", "LISTEN_FDS": "2", "LISTEN_FDNAMES": "control"], "LISTEN_FDNAMES"),
        (["LISTEN_PID": "4242", "LISTEN_FDS": "1", "LISTEN_FDNAMES": "a:b"], "LISTEN_FDNAMES"),
    ])
    func malformedVariablesAreErrorsNamingTheVariable(environment: [String: String], variable: String) {
        let error = #expect(throws: SocketActivationError.self) {
            try SocketActivation.parse(environment, processID: pid)
        }
        #expect(error?.variable == variable)
    }

    @Test func emptyNamesAreKeptInPlace() throws {
        let activation = try SocketActivation.parse(
            ["LISTEN_PID": "4242", "LISTEN_FDS": "2", "LISTEN_FDNAMES": ":websocket"], processID: pid)
        #expect(activation?.descriptors.map(\.name) == ["", "websocket"])
    }
}
