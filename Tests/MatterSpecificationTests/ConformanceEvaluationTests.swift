import Testing

@testable import MatterSpecification

@Suite struct ConformanceEvaluationTests {
    func outcome(
        _ text: String, _ names: Set<String> = [], values: [String: ConformanceLiteral] = [:]
    ) throws -> ConformanceOutcome {
        try Conformance(parsing: text).evaluate(ConformanceFacts(names, values: values))
    }

    @Test func theFirstRuleThatAppliesDecides() throws {
        #expect(try outcome("P, M") == .provisional)
        #expect(try outcome("P, M", ["M"]) == .provisional)
        #expect(try outcome("M, D") == .mandatory)
        #expect(try outcome("O, D") == .optional)
        #expect(try outcome("TEMP, [AUTO]", ["TEMP", "AUTO"]) == .mandatory)
        #expect(try outcome("TEMP, [AUTO]", ["AUTO"]) == .optional)
        #expect(try outcome("TEMP, [AUTO]") == .disallowed)
        #expect(try outcome("[HoldTime & US], D", ["HoldTime", "US"]) == .optional)
        #expect(try outcome("[HoldTime & US], D", ["HoldTime"]) == .deprecated)
    }

    @Test func aConditionThatIsFalseLeavesTheElementDisallowed() throws {
        #expect(try outcome("LT", ["LT"]) == .mandatory)
        #expect(try outcome("LT") == .disallowed, "§7.3: no rule applies, so the element is not allowed")
        #expect(try outcome("[LT]", ["LT"]) == .optional)
        #expect(try outcome("[LT]") == .disallowed)
        #expect(try outcome("!OFFONLY") == .mandatory)
        #expect(try outcome("!OFFONLY", ["OFFONLY"]) == .disallowed)
        #expect(try outcome("[!OFFONLY]", ["OFFONLY"]) == .disallowed)
    }

    @Test func fixedRulesDecideAlone() throws {
        #expect(try outcome("M") == .mandatory)
        #expect(try outcome("O") == .optional)
        #expect(try outcome("P") == .provisional)
        #expect(try outcome("D") == .deprecated)
        #expect(try outcome("X") == .disallowed)
        #expect(try outcome("desc") == .described)
        #expect(try outcome("") == .unspecified, "no conformance given is neither mandatory nor optional")
    }

    @Test func choicesAreCarriedIntoTheOutcome() throws {
        let atLeastOneOfA = ConformanceChoice("a", bound: .atLeast)
        #expect(try outcome("O.a+") == .optional(choice: atLeastOneOfA))
        #expect(try outcome("ControllableESA.a+", ["ControllableESA"]) == .mandatory(choice: atLeastOneOfA))
        #expect(try outcome("ControllableESA.a+") == .disallowed)
        #expect(try outcome("[TP].a-", ["TP"]) == .optional(choice: ConformanceChoice("a", bound: .atMost)))
        #expect(try outcome("[!TP], [TP].a-", []) == .optional)
        #expect(try outcome("[!PA].a, STA | PAU | FA | CON, O") == .optional(choice: ConformanceChoice("a")))
        #expect(try outcome("[!PA].a, STA | PAU | FA | CON, O", ["PA", "FA"]) == .mandatory)
        #expect(try outcome("[!PA].a, STA | PAU | FA | CON, O", ["PA"]) == .optional)
    }

    @Test func severalConditionsInBracketsAreOptionalWhenAnyHolds() throws {
        #expect(try outcome("[Wi, Fi]", ["Fi"]) == .optional)
        #expect(try outcome("[Wi, Fi]", ["Wi"]) == .optional)
        #expect(try outcome("[Wi, Fi]", ["WiFi"]) == .disallowed)
    }

    @Test func precedenceDecidesTheOccupancySensorsDelays() throws {
        let text =
            "HoldTime & (PIR | !PIR & !US & !PHY) & PirUnoccupiedToOccupiedDelay, [HoldTime & (PIR | !PIR & !US & !PHY)], D"
        #expect(try outcome(text, ["HoldTime", "PirUnoccupiedToOccupiedDelay"]) == .mandatory)
        #expect(try outcome(text, ["HoldTime"]) == .optional)
        #expect(try outcome(text, ["HoldTime", "PIR"]) == .optional)
        #expect(try outcome(text, ["HoldTime", "US", "PirUnoccupiedToOccupiedDelay"]) == .deprecated)
        #expect(try outcome(text, ["PIR", "PirUnoccupiedToOccupiedDelay"]) == .deprecated)
    }

    @Test func comparisonsReadValuesFromTheContext() throws {
        let text = "NumberOfPrimaries > 2, O"
        #expect(try outcome(text, values: ["NumberOfPrimaries": .integer(3)]) == .mandatory)
        #expect(try outcome(text, values: ["NumberOfPrimaries": .integer(1)]) == .optional)
        #expect(try outcome(text, values: ["NumberOfPrimaries": .integer(2)]) == .optional)
        #expect(try outcome("MfgCode != null, O", values: ["MfgCode": .integer(0xFFF1)]) == .mandatory)
        #expect(try outcome("MfgCode != null, O", values: ["MfgCode": .null]) == .optional)
        let success: [String: ConformanceLiteral] = ["Status": .integer(0), "Success": .integer(0)]
        #expect(try outcome("[Status == Success], M", values: success) == .optional)
        #expect(
            try outcome("[Status == Success], M", values: ["Status": .integer(1), "Success": .integer(0)]) == .mandatory
        )
    }

    @Test func anUnknownValueLeavesEveryOutcomeItCouldGive() throws {
        #expect(try outcome("NumberOfPrimaries > 2, O") == .undetermined([.mandatory, .optional]))
        #expect(try outcome("[Status == Success], M") == .undetermined([.optional, .mandatory]))
        #expect(try outcome("NumberOfPrimaries > 2") == .undetermined([.mandatory, .disallowed]))
        #expect(
            try outcome("A > 1, [A > 2], M") == .undetermined([.mandatory, .optional]), "outcomes are not repeated")
        #expect(try outcome("A > 1, M") == .mandatory, "either rule gives the same outcome")
        #expect(
            try outcome("A > 1, O", values: ["A": .null]) == .undetermined([.mandatory, .optional]), "null has no order"
        )
    }

    @Test func knownOperandsDecideDespiteAnUnknownOne() throws {
        #expect(try outcome("LT | A > 1", ["LT"]) == .mandatory)
        #expect(try outcome("LT & A > 1") == .disallowed)
        #expect(try outcome("LT & A > 1", ["LT"]) == .undetermined([.mandatory, .disallowed]))
        #expect(try outcome("!(A > 1)") == .undetermined([.mandatory, .disallowed]))
        #expect(try outcome("LT ^ A > 1", ["LT"]) == .undetermined([.mandatory, .disallowed]))
        #expect(try outcome("[LT, A > 1]", ["LT"]) == .optional)
    }

    @Test func exclusiveOrHoldsForExactlyOne() throws {
        #expect(try outcome("A ^ B", ["A"]) == .mandatory)
        #expect(try outcome("A ^ B", ["B"]) == .mandatory)
        #expect(try outcome("A ^ B", ["A", "B"]) == .disallowed)
        #expect(try outcome("A ^ B") == .disallowed)
    }

    @Test func literalsAreValuesAndOnlyBooleansAreConditions() throws {
        #expect(try outcome("true") == .mandatory)
        #expect(try outcome("false, O") == .optional)
        #expect(try outcome("5, O") == .undetermined([.mandatory, .optional]), "a number is no condition")
        #expect(try outcome("(A & B) == true", ["A", "B"]) == .mandatory)
        #expect(try outcome("-3 < 2") == .mandatory)
        #expect(try outcome("Level >= -5", values: ["Level": .integer(-6)]) == .disallowed)
    }
}
