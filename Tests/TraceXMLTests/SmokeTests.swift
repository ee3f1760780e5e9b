import Testing
@testable import TraceXML

@Suite("Reading the specification's example")
struct SpecExampleTests {
    @Test("Every element of SPEC §3 reads into the model")
    func readsExample() throws {
        let trace = try Trace(contentsOf: fixturePath("spec-example.xml"))
        #expect(trace.events.count == 22)
        let encoded = try TraceWriter.encode(trace)
        #expect(try Trace(bytes: encoded) == trace)
    }
}
