import Routing
import Testing

/// Text converts to a kind only when it spells a value of that kind plainly.
@Suite struct ParameterValueTests {
  @Test(arguments: [
    ("42", ParameterKind.integer, ParameterValue?.some(.integer(42))),
    ("-12", .integer, .integer(-12)),
    ("0", .integer, .integer(0)),
    ("+5", .integer, nil),
    (" 5", .integer, nil),
    ("5 ", .integer, nil),
    ("0x10", .integer, nil),
    ("1_000", .integer, nil),
    ("", .integer, nil),
    ("-", .integer, nil),
    ("99999999999999999999", .integer, nil),
    ("3.5", .decimal, .decimal(3.5)),
    ("-0.25", .decimal, .decimal(-0.25)),
    ("1e-3", .decimal, .decimal(0.001)),
    ("2E+2", .decimal, .decimal(200)),
    ("7", .decimal, .decimal(7)),
    (".5", .decimal, nil),
    ("5.", .decimal, nil),
    ("0x1p3", .decimal, nil),
    ("inf", .decimal, nil),
    ("nan", .decimal, nil),
    ("1e400", .decimal, nil),
    ("1e", .decimal, nil),
    ("true", .boolean, .boolean(true)),
    ("false", .boolean, .boolean(false)),
    ("TRUE", .boolean, nil),
    ("1", .boolean, nil),
    ("anything", .string, .string("anything")),
  ])
  func textConverts(text: String, kind: ParameterKind, expected: ParameterValue?) {
    #expect(ParameterValue.string(text).converted(to: kind) == expected)
  }

  @Test func typedValuesConvertToText() {
    #expect(ParameterValue.integer(-3).converted(to: .string) == .string("-3"))
    #expect(ParameterValue.boolean(true).converted(to: .string) == .string("true"))
    #expect(ParameterValue.integer(2).converted(to: .decimal) == .decimal(2))
    #expect(ParameterValue.decimal(2.5).converted(to: .integer) == nil)
    #expect(ParameterValue.boolean(false).converted(to: .integer) == nil)
  }
}

/// Screen names are compared exactly ("How routes are planned", "Matching").
@Suite struct ScreenNameTests {
  static let composed: ScreenName = "Caf\u{E9}"
  static let decomposed: ScreenName = "Cafe\u{301}"

  @Test func canonicallyEquivalentNamesAreDifferentScreens() throws {
    #expect(Self.composed != Self.decomposed)
    #expect(Set([Self.composed, Self.decomposed]).count == 2)
    let table = try RouteTable(defaultFactory: HeadlessScreen.factory) {
      // Links compare segments as Swift strings, so the two need paths of their own.
      Screen(Self.composed, path: "composed")
      Screen(Self.decomposed, path: "decomposed")
      Command(from: [Self.composed], to: Self.decomposed)
    }
    #expect(table.screens.count == 2)
    #expect(try table.route(from: [Entry(Self.composed)], to: Self.decomposed).steps.count == 1)
    #expect(throws: RoutingError.unreachable(from: Self.decomposed, to: Self.composed)) {
      try table.route(from: [Entry(Self.decomposed)], to: Self.composed)
    }
  }

  @Test func namesOrderByTheirBytes() {
    #expect(ScreenName("A") < ScreenName("B"))
    #expect(ScreenName("B") < ScreenName("a"))
    #expect(!(ScreenName("x") < ScreenName("x")))
    #expect(ScreenName("ab") == ScreenName(String("ab")))
  }
}
