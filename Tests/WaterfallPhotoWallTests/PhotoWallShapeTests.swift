import Testing
import WaterfallLibrary
import WaterfallPhotoWall

/// The wall is a view and controller over its library: its own state stays small, and culling, grid zoom, the
/// lightbox and the library are types of their own.
struct PhotoWallShapeTests {
    @Test func theWallKeepsAtMostFifteenStoredProperties() throws {
        let harness = try WallHarness()
        try harness.open()
        let names = Mirror(reflecting: harness.wall!).children.compactMap(\.label)
        #expect(names.count <= 15, "PhotoWall's stored properties: \(names)")
        #expect(Set(["library", "culling", "gridZoom", "lightbox", "media"]).isSubset(of: Set(names)))
    }
}
