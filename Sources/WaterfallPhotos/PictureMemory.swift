import CMalloc

/// How a program that shows photos has glibc give a freed picture's memory back to the system.
///
/// glibc's malloc serves a block of 128 KB or more with a mapping of its own, unmapped when it is freed. But each time
/// such a block is freed, it raises that threshold to the block's size (up to 32 MB): after the first decoded photo
/// is freed, the thumbnails (128 KB to 1 MB each) come from the heap instead, and the pages they leave stay resident.
/// `photo-wall-bench` scrolling 1,000 photos with a 64 MB picture budget peaked at 168 to 181 MB so, and at 137 MB
/// with the threshold held.
///
/// The threshold is the whole process's, so the library leaves the choice to the program.
public enum PictureMemory {
    /// The size from which a block has a mapping of its own: glibc's default, which it then no longer raises.
    public static let ownMappingFrom = 128 * 1024

    /// Holds glibc's mmap threshold at `ownMappingFrom`, so that a freed picture's memory goes back to the system
    /// at once. Call it first in `main`, before other threads allocate.
    public static func returnFreedPicturesToTheSystem() {
        _ = mallopt(M_MMAP_THRESHOLD, Int32(ownMappingFrom))
    }
}
