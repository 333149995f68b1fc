import Foundation
@testable import OXOCore
@testable import OXOPlay
@testable import OXOSocial
@testable import OXOServer
import Testing

@Suite("The budget of requests per address refills and forgets the addresses it no longer needs")
struct AddressBudgetTests {
    @Test func aSpentBudgetRefillsAtATenthOfItsBurstASecond() throws {
        let time = ManualClock()
        let budget = AddressBudget(burst: 10, clock: time.clock)
        for _ in 0..<10 { try budget.spend("10.0.0.1") }
        #expect(throws: TooManyAttempts.self) { try budget.spend("10.0.0.1") }
        try budget.spend("10.0.0.2")
        time.advance(by: 1)
        try budget.spend("10.0.0.1")
        #expect(throws: TooManyAttempts.self) { try budget.spend("10.0.0.1") }
    }

    @Test func addressesWhoseBucketsAreFullAgainAreSweptAway() throws {
        let time = ManualClock()
        let budget = AddressBudget(burst: 100, clock: time.clock)
        // A client that comes from a new address for every request.
        for number in 0..<10_000 { try budget.spend("made-up-\(number)") }
        #expect(budget.addressCount == 10_000)
        time.advance(by: 10)
        try budget.spend("now")
        #expect(budget.addressCount == 1, "only the address whose bucket is not full is kept")
    }
}
