import Routing

/// The options one command accepts.
struct OptionSpec {
  /// Options that take no value (`--json`).
  var flags: Set<String> = []
  /// Options that take one value, at most once (`--to D`).
  var single: Set<String> = []
  /// Options that take one value and may repeat (`--param k=v`).
  var repeated: Set<String> = []
}

/// A command's argument list, read against its ``OptionSpec``.
///
/// Options are written `--name value` or `--name=value`; `--` ends the options; a lone
/// `-` is a value (standard input), not an option. A separate value may not start with
/// `--` (`--from --json` is a usage error, not a screen named `--json`); `--name=value`
/// may carry any value. No option may be given twice, except those that repeat.
struct Arguments {
  private(set) var positionals: [String] = []
  private var flags: Set<String> = []
  private var values: [String: [String]] = [:]

  init(
    _ arguments: some Collection<String>, spec: OptionSpec, command: String
  ) throws(ToolFailure) {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      guard argument.hasPrefix("--"), argument != "--" else {
        if argument == "--" {
          positionals.append(contentsOf: remaining)
          return
        }
        if argument.hasPrefix("-") && argument != "-" {
          throw ToolFailure.usage("unknown option '\(excerpt(argument))'", command: command)
        }
        positionals.append(argument)
        continue
      }
      var name = String(argument.dropFirst(2))
      var inlineValue: String? = nil
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      if spec.flags.contains(name) {
        guard inlineValue == nil else {
          throw ToolFailure.usage("option '--\(name)' takes no value", command: command)
        }
        guard flags.insert(name).inserted else {
          throw ToolFailure.usage("option '--\(name)' is given twice", command: command)
        }
        continue
      }
      guard spec.single.contains(name) || spec.repeated.contains(name) else {
        let known = (spec.flags.union(spec.single).union(spec.repeated)).sorted().map { "--" + $0 }
        throw ToolFailure.usage(
          "unknown option '\(excerpt("--" + name))'" + didYouMean("--" + name, among: known),
          command: command)
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if let next = remaining.first, !next.hasPrefix("--") {
        // A separate value may not look like an option (`--json`, `--`); `-` is a value.
        value = next
        remaining.removeFirst()
      } else {
        throw ToolFailure.usage("option '--\(name)' needs a value", command: command)
      }
      if spec.single.contains(name) && values[name] != nil {
        throw ToolFailure.usage("option '--\(name)' is given twice", command: command)
      }
      values[name, default: []].append(value)
    }
  }

  /// Whether a flag is set.
  func has(_ flag: String) -> Bool {
    flags.contains(flag)
  }

  /// The value of a single option.
  func value(_ name: String) -> String? {
    values[name]?.first
  }

  /// The whole number a single option gives, at least `minimum`; `nil` when the option
  /// is not given.
  ///
  /// - Parameters:
  ///   - name: The option, without its dashes.
  ///   - minimum: The smallest value allowed.
  ///   - meaning: What the number counts, for the usage error: `a number of steps, 0 or
  ///     more`.
  ///   - command: The command, for the usage error.
  /// - Throws: ``ToolFailure`` for a value that is not such a number.
  func wholeNumber(_ name: String, atLeast minimum: Int, meaning: String, command: String)
    throws(ToolFailure) -> Int?
  {
    guard let text = value(name) else { return nil }
    guard let number = Int(text), number >= minimum else {
      throw ToolFailure.usage(
        "option '--\(name)' takes \(meaning), not '\(excerpt(text))'", command: command)
    }
    return number
  }

  /// Every value of a repeatable option, in order.
  func all(_ name: String) -> [String] {
    values[name] ?? []
  }

  /// Whether an option was given.
  func contains(_ name: String) -> Bool {
    values[name] != nil || flags.contains(name)
  }

  /// Exactly `names.count` positional arguments, or a usage error naming what is
  /// missing or extra.
  func positionals(_ names: [String], command: String) throws(ToolFailure) -> [String] {
    if positionals.count < names.count {
      let missing = names[positionals.count...].joined(separator: " ")
      throw ToolFailure.usage("missing \(missing)", command: command)
    }
    if positionals.count > names.count {
      throw ToolFailure.usage(
        "unexpected argument '\(excerpt(positionals[names.count]))'", command: command)
    }
    return positionals
  }
}

/// Splits a comma-separated list of screen names (`A,B,C`), refusing empty or invalid
/// names.
func screenList(_ text: String, option: String, command: String) throws(ToolFailure) -> [String] {
  let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
  for name in names {
    if let problem = ScreenName(name).problem {
      let shown = name.isEmpty ? "" : " ('\(excerpt(name))')"
      throw ToolFailure.usage("option '--\(option)': \(problem)\(shown)", command: command)
    }
  }
  return names
}
