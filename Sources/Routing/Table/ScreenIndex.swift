/// A compiled table's screens by name: an open-addressing hash table of screen numbers
/// beside the names in screen order.
///
/// At most half the slots are used; each slot is 4 bytes, and each name 16, about half
/// of what a `[ScreenName: Int32]` takes for the same screens (2.6 MB against 5.2 MB for
/// 100,000 screens, whose dictionary has 262,144 buckets). The names are kept apart from
/// the screens so that comparing one reads 16 bytes, not a ``Screen``'s 104 (measured:
/// reading them from the screens made compiling 1,000,000 commands 50% slower).
struct ScreenIndex: Sendable {
  /// The hash table.
  fileprivate let slots: ScreenSlots
  /// The screens' names, numbered as the slots number them.
  let names: [ScreenName]

  init(_ slots: ScreenSlots, names: [ScreenName]) {
    self.slots = slots
    self.names = names
  }

  /// The number of the screen named `name`, or `nil`.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the length of the name.
  subscript(name: ScreenName) -> Int32? {
    slots.find(name, in: names).number
  }
}

/// The slots of a ``ScreenIndex`` being built, the names kept by whoever builds it.
struct ScreenSlots: Sendable {
  /// Each slot: a screen's number plus one, or 0 when empty.
  private var slots: [Int32]
  /// The number of screens placed.
  private var count = 0

  /// Slots for `capacity` screens before growing.
  init(capacity: Int) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    slots = Array(repeating: 0, count: size)
  }

  /// The number of `name` among `names`, or `nil` and the slot where it would go.
  ///
  /// - Complexity: O(*k*) on average, where *k* is the length of the name.
  func find(_ name: ScreenName, in names: [ScreenName]) -> (number: Int32?, slot: Int) {
    let mask = slots.count - 1
    var slot = name.hashValue & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return (nil, slot) }
      if names[Int(entry) - 1] == name { return (entry - 1, slot) }
      slot = (slot + 1) & mask
    }
  }

  /// Places name `number`, the last of `names`, at `slot`, which ``find(_:in:)`` gave
  /// for it.
  mutating func insert(_ number: Int32, at slot: Int, names: [ScreenName]) {
    slots[slot] = number + 1
    count += 1
    guard count * 2 > slots.count else { return }
    let mask = slots.count * 2 - 1
    var grown = [Int32](repeating: 0, count: slots.count * 2)
    for entry in slots where entry != 0 {
      var slot = names[Int(entry) - 1].hashValue & mask
      while grown[slot] != 0 { slot = (slot + 1) & mask }
      grown[slot] = entry
    }
    slots = grown
  }
}
