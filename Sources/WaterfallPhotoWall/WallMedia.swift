/// What a wall holds once it is shown in a window: the cards' pictures on the window, the photos' EXIF information
/// read on demand, and the lightbox's animations.
struct WallMedia {
    /// The cards' and the lightbox's pictures.
    let pictures: PhotoPictures
    /// The photos' EXIF information, read on demand (the lightbox's panel, the cards' info lines).
    let infos: PhotoInfos
    /// Decodes the lightbox's animations (see Lightbox+Animation.swift).
    let animations: AnimationLoader
}

extension PhotoWall {
    /// The cards' and the lightbox's pictures, once the wall is shown.
    var pictures: PhotoPictures? { media?.pictures }
    /// The photos' EXIF information, once the wall is shown.
    var infos: PhotoInfos? { media?.infos }
    /// The lightbox's animations, once the wall is shown.
    var animations: AnimationLoader? { media?.animations }
}
