import Foundation
import Routing

/// A numbered screen object; even numbers carry a title of their own, odd ones fall back
/// to their entry's screen name, so both back-control title rules are exercised.
@MainActor
final class NumberedScreen: ScreenController {
  let number: Int
  init(_ number: Int) { self.number = number }
  var title: String? { number.isMultiple(of: 2) ? "Screen \(number)" : nil }
}

/// One screen object per number, so that a number always names the same object.
@MainActor
final class NumberedItems {
  private var items: [Int: StackItem] = [:]

  func item(_ number: Int) -> StackItem {
    if let item = items[number] { return item }
    let item = StackItem(entry: Entry(ScreenName("S\(number)")), screen: NumberedScreen(number))
    items[number] = item
    return item
  }

  /// The number of an item, found by the identity of its screen object; `nil` for an
  /// object these items did not make.
  func number(of item: StackItem) -> Int? {
    items.first { $0.value.screen === item.screen }?.key
  }

  /// The state as numbers; an unknown object shows as -1, which no scenario expects.
  func numbers(_ state: DrillDownState<StackItem>) -> DrillDownState<Int> {
    state.map { number(of: $0) ?? -1 }
  }

  /// The title a back control to `number` must show.
  static func title(of number: Int) -> String {
    number.isMultiple(of: 2) ? "Screen \(number)" : "S\(number)"
  }
}

/// A step of `drilldown-scenarios.json`.
struct DrillDownStep: CustomStringConvertible {
  enum Expected: Equatable {
    case ok
    case noop
    case error
    case returned(Int?)
  }

  var op: String
  /// The screen operand: `.some(nil)` for an explicit `null`, `nil` when absent.
  var screen: Int??
  var expected: Expected
  var left: [Int]
  var right: Int?
  var canSwipeBack: Bool

  var description: String {
    let operand = screen.map { $0.map(String.init) ?? "null" } ?? ""
    return "\(op)(\(operand))"
  }

  init(_ object: [String: Any]) throws {
    guard let op = object["op"] as? String, let after = object["after"] as? [String: Any],
      let left = after["left"] as? [Int], let canSwipeBack = after["canSwipeBack"] as? Bool
    else { throw FixtureError.malformed("step \(object)") }
    self.op = op
    self.left = left
    self.right = after["right"] as? Int
    self.canSwipeBack = canSwipeBack
    if let value = object["screen"] {
      screen = .some(value as? Int)
    } else {
      screen = nil
    }
    switch object["result"] {
    case let text as String:
      switch text {
      case "ok": expected = .ok
      case "noop": expected = .noop
      case "error": expected = .error
      default: throw FixtureError.malformed("result \(text)")
      }
    case let result as [String: Any]:
      expected = .returned(result["returned"] as? Int)
    default:
      throw FixtureError.malformed("result in \(object)")
    }
  }
}

/// The scenarios of `drilldown-scenarios.json`, by name.
enum DrillDownScenarios {
  static func all() throws -> [(name: String, steps: [DrillDownStep])] {
    try Fixtures.scenarios("drilldown-scenarios").map { scenario in
      guard let name = scenario["name"] as? String,
        let steps = scenario["steps"] as? [[String: Any]]
      else { throw FixtureError.malformed("drilldown-scenarios") }
      return (name, try steps.map(DrillDownStep.init))
    }
  }

  /// The scenario names; a placeholder name when the fixture cannot be read, so that
  /// the test fails instead of running no case.
  static let names: [String] = (try? all().map(\.name)) ?? ["<unreadable fixture>"]

  static func steps(of name: String) throws -> [DrillDownStep] {
    guard let scenario = try all().first(where: { $0.name == name }) else {
      throw FixtureError.missing(name)
    }
    return scenario.steps
  }
}
