@testable import OXOCore
import Testing

@Suite("The cores a process may use are read from its affinity mask")
struct ProcessorCoresTests {
    @Test(arguments: [
        ("Cpus_allowed:\t1\n", 1),
        ("Name:\toxo\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n", 2),
        ("Cpus_allowed:\tff,00000001\n", 9),
    ])
    func theMaskCountsOneCoreForEachBitSet(status: String, cores: Int) {
        #expect(ProcessorCores.allowed(inStatus: status) == cores)
    }

    @Test(arguments: ["", "Cpus_allowed:\t0\n", "Cpus_allowed:\tzz\n"])
    func noMaskOrAnUnreadableOneCountsNothing(status: String) {
        #expect(ProcessorCores.allowed(inStatus: status) == nil)
    }

    @Test func aProcessMayAlwaysUseOneCoreAtLeast() {
        #expect(ProcessorCores.usable >= 1)
    }
}
