import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// Colour management on screen: a photo that embeds an Adobe RGB profile shows the colours ImageMagick's conversion
/// to sRGB gives, on a display without a profile; with the display's profile published in the root window's
/// `_ICC_PROFILE` (as colord does), a photo without one is converted to the display's numbers.
@Suite(.serialized)
struct PhotoWallColorTests {
    /// A flat colour, as numbers in Adobe RGB.
    let colour = "rgb(40,160,60)"

    func expectCard(_ wall: OneCardWall, near expected: [UInt8], tolerance: Int) {
        let (width, height) = (wall.width, wall.thumbnailHeight(aspect: 3.0 / 4))
        for (x, y) in [(1, 1), (width - 2, height - 2), (width / 2, height / 2)] {
            let pixel = wall.pixel(x, y)
            let channels = pixel.map { [Int($0.red), Int($0.green), Int($0.blue)] } ?? []
            #expect(
                channels.count == 3 && zip(channels, expected).allSatisfy { abs($0 - Int($1)) <= tolerance },
                "(\(x), \(y)): \(String(describing: pixel)) for \(expected)")
        }
    }

    @Test(arguments: ["PNG24:photo.png", "photo.jpg"])
    func aPhotoInAdobeRGBShowsItsSRGBColours(file: String) throws {
        let folder = try GeneratedImages()
        let photo = try folder.convert([
            "-size", "400x300", "xc:\(colour)", "-profile", TestProfiles.adobeRGB, "-quality", "100", file,
        ])
        let reference = try folder.pixel(of: photo, x: 200, y: 150, after: ["-profile", TestProfiles.sRGB])
        #expect(abs(Int(reference[0]) - 40) > 20)  // converted, the colour is not its numbers
        let wall = try OneCardWall(
            folder, format: "tagged", artifact: "photo-wall-adobe-rgb-\(file.hasSuffix("png") ? "png" : "jpeg").png")
        let profile = try wall.demo.process.waitForEvent("the display's profile") { $0.name == "displayProfile" }
        #expect(profile.event.string("name") == "sRGB")
        expectCard(wall, near: reference, tolerance: 2)
        wall.demo.expectNoXErrors()
    }

    @Test func aDisplayProfileInTheRootWindowConvertsAPhotoWithoutOne() throws {
        let folder = try GeneratedImages()
        let photo = try folder.convert(["-size", "400x300", "xc:\(colour)", "PNG24:photo.png"])
        let reference = try folder.pixel(
            of: photo, x: 200, y: 150, after: ["-profile", TestProfiles.sRGB, "-profile", TestProfiles.adobeRGB])
        #expect(abs(Int(reference[0]) - 40) > 20)
        let profile = try TestProfiles.bytes(TestProfiles.adobeRGB)
        let wall = try OneCardWall(folder, format: "untagged", artifact: "photo-wall-display-profile.png") { xvfb in
            try setRootProperty("_ICC_PROFILE", to: profile, display: xvfb.display)
        }
        let named = try wall.demo.process.waitForEvent("the display's profile") { $0.name == "displayProfile" }
        #expect(named.event.string("name") == "Artifex Software A98 ICC Profile")
        expectCard(wall, near: reference, tolerance: 1)
        wall.demo.expectNoXErrors()
    }
}
