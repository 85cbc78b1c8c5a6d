import MHubJSON
import Testing

@testable import MHubHub

/// `set_acl_entry` and `set_node_binding` checked as a device checks them (Matter Core Specification 9.10.5.6,
/// 9.6.5.1).
@Suite struct AccessControlWriteTests {
    static func entries(_ json: JSONValue) -> InteractionStatus? {
        do {
            _ = try AccessControlWrite.entries(json, fabricIndex: 1)
            return nil
        } catch {
            return error.status
        }
    }

    @Test func goodEntriesAreWrittenOnTheWritersFabric() throws {
        let value = try AccessControlWrite.entries(
            [
                ["privilege": 5, "authMode": 2, "subjects": [112_233], "targets": .null],
                ["privilege": 3, "auth_mode": 3, "subjects": [7], "targets": [["cluster": 6, "device_type": 256]]],
            ],
            fabricIndex: 1)
        #expect(
            value.json == [
                ["1": 5, "2": 2, "3": [112_233], "4": .null, "254": 1],
                ["1": 3, "2": 3, "3": [7], "4": [["0": 6, "1": .null, "2": 256]], "254": 1],
            ])
    }

    static let badEntries: [(JSONValue, InteractionStatus)] = [
        ([["privilege": 6, "authMode": 2]], .constraintError),
        ([["privilege": 5, "authMode": 1]], .constraintError),
        ([["privilege": 5, "authMode": 3, "subjects": [1]]], .constraintError),
        ([["privilege": 3, "authMode": 3, "subjects": [0x1_0000]]], .constraintError),
        ([["privilege": 3, "authMode": 2, "subjects": [0]]], .constraintError),
        ([["privilege": 3, "authMode": 2, "subjects": [1, 2, 3, 4, 5]]], .resourceExhausted),
        ([["privilege": 3, "authMode": 2, "targets": [[:]]]], .constraintError),
        ([["privilege": 3, "authMode": 2, "targets": [["endpoint": 1, "deviceType": 256]]]], .constraintError),
        ([["authMode": 2]], .invalidDataType),
        ("not a list", .invalidDataType),
    ]

    @Test(arguments: badEntries)
    func badEntriesAreRefused(json: JSONValue, status: InteractionStatus) {
        #expect(Self.entries(json) == status)
    }

    @Test func aCATIsACASESubjectAndFiveEntriesAreTooMany() {
        #expect(AccessControlWrite.isCASESubject(0xFFFF_FFFD_0001_0001))
        #expect(!AccessControlWrite.isCASESubject(0xFFFF_FFFD_0001_0000))
        #expect(
            Self.entries(.array(Array(repeating: ["privilege": 1, "authMode": 2], count: 5))) == .resourceExhausted)
    }

    @Test func bindingsAreANodeWithItsEndpointOrAGroup() throws {
        let value = try AccessControlWrite.bindings(
            [["node": 2, "endpoint": 1, "cluster": 6], ["group": 5]], fabricIndex: 1)
        #expect(value.json == [["1": 2, "3": 1, "4": 6, "254": 1], ["2": 5, "254": 1]])
        for bad: JSONValue in [
            [["node": 2]], [["group": 5, "endpoint": 1]], [["node": 2, "group": 5, "endpoint": 1]],
            [["group": 0]], [[:]],
        ] {
            #expect(throws: InteractionError.self) { try AccessControlWrite.bindings(bad, fabricIndex: 1) }
        }
    }
}
