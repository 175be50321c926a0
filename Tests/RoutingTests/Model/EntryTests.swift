import Routing
import Testing

/// An entry is its screen and its parameter values, however they were given: no
/// parameters and an empty dictionary are the same entry.
@Suite struct EntryTests {
  @Test func emptyParametersAreNoParameters() {
    let bare = Entry("Menu")
    let empty = Entry("Menu", parameters: [:])
    #expect(bare == empty)
    #expect(bare.hashValue == empty.hashValue)
    #expect(Set([bare, empty]).count == 1)
    #expect(empty.parameters.isEmpty)
    #expect(empty.description == "Menu")
  }

  @Test func parametersChangedInPlaceCompareByTheirValues() {
    var entry = Entry("Profile")
    entry.parameters["userId"] = 2
    #expect(entry.parameters == ["userId": 2])
    #expect(entry == Entry("Profile", parameters: ["userId": 2]))
    #expect(entry != Entry("Profile"))
    #expect(entry.description == "Profile(userId: 2)")
    entry.parameters["userId"] = nil
    #expect(entry == Entry("Profile"))
    #expect(entry.hashValue == Entry("Profile").hashValue)
    entry.parameters = ["userId": 3, "tab": "info"]
    entry.parameters = [:]
    #expect(entry == Entry("Profile", parameters: [:]))
  }

  @Test func entriesOfOtherScreensOrValuesDiffer() {
    #expect(Entry("Menu") != Entry("Folder"))
    #expect(
      Entry("Profile", parameters: ["userId": 2]) != Entry("Profile", parameters: ["userId": 3]))
  }
}
