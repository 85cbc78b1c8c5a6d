import Testing

@testable import MatterDataModel

@Suite struct AttributeTypeTests {
    @Test func integerTypesReportTheirNaturalRanges() {
        #expect(AttributeType.uint8.integerRange == 0...255)
        #expect(AttributeType.enum16.integerRange == 0...65535)
        #expect(AttributeType.bitmap32.integerRange == 0...4_294_967_295)
        #expect(AttributeType.uint64.integerRange == 0...Int64.max)
        #expect(AttributeType.int8.integerRange == -128...127)
        #expect(AttributeType.int16.integerRange == -32768...32767)
        #expect(AttributeType.int64.integerRange == Int64.min...Int64.max)
        #expect(AttributeType.string(maxLength: 4).integerRange == nil)
        #expect(AttributeType.bool.integerRange == nil)
    }

    @Test func typesAcceptOnlyTheirShapeAndRange() {
        #expect(AttributeType.uint8.accepts(.unsigned(255)))
        #expect(!AttributeType.uint8.accepts(.unsigned(256)))
        #expect(!AttributeType.uint8.accepts(.signed(1)))
        #expect(AttributeType.uint64.accepts(.unsigned(UInt64.max)))
        #expect(AttributeType.int16.accepts(.signed(-32768)))
        #expect(!AttributeType.int16.accepts(.signed(32768)))
        #expect(!AttributeType.int16.accepts(.unsigned(1)))
        #expect(AttributeType.string(maxLength: 2).accepts(.string("XX")))
        #expect(!AttributeType.string(maxLength: 2).accepts(.string("XXX")))
        #expect(!AttributeType.string(maxLength: 2).accepts(.string("é£")))
        #expect(!AttributeType.bytes(maxLength: 1).accepts(.bytes([1, 2])))
        #expect(AttributeType.list.accepts(.list([])))
        #expect(!AttributeType.list.accepts(.structure([:])))
        #expect(!AttributeType.bool.accepts(.null))
    }

    @Test func attributesAddNullabilityAndRange() {
        let level = AttributeDefinition(
            id: 0, name: "currentLevel", type: .uint8, nullable: true, range: 1...254, default: .null)
        #expect(level.accepts(.null))
        #expect(level.accepts(.unsigned(1)))
        #expect(!level.accepts(.unsigned(0)))
        #expect(!level.accepts(.unsigned(255)))
        let limit = AttributeDefinition(id: 0, name: "limit", type: .int16, range: 700...3000, default: .signed(700))
        #expect(!limit.accepts(.null))
        #expect(!limit.accepts(.signed(699)))
        #expect(limit.accepts(.signed(3000)))
        let huge = AttributeDefinition(id: 0, name: "huge", type: .uint64, range: 0...10, default: .unsigned(0))
        #expect(!huge.accepts(.unsigned(UInt64.max)))
    }
}
