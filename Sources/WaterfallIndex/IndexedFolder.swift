import SystemPackage
import WaterfallPhotos

/// One photo as the index keeps it: the photo (its header or its lasting error, and its marks) and the inode its file
/// had, which the reconcile compares with its size and modification time.
public struct IndexedPhoto: Hashable, Sendable {
    /// The photo.
    public var photo: Photo
    /// Its file's inode when it was read (`st_ino`); 0 when not known. The photo's own `inode` is the same.
    public var inode: UInt64

    /// `photo`, whose file had `inode` (by default the photo's own).
    public init(_ photo: Photo, inode: UInt64? = nil) {
        self.photo = photo
        self.inode = inode ?? photo.inode
        self.photo.inode = self.inode
    }
}

/// One folder as the index keeps it: its path, its stamp when it was read, and its photos in the order they were
/// stored (the walk's).
public struct IndexedFolder: Hashable, Sendable {
    /// The folder's path.
    public var path: FilePath
    /// What the folder was when its photos were read.
    public var stamp: FolderStamp
    /// Its photos, in the walk's order.
    public var photos: [IndexedPhoto]
    /// Whether its subfolders were walked too (a recursive walk's), each then a folder of the index.
    public var isWalkedBelow: Bool

    /// The folder at `path`, read when it had `stamp`, with `photos`, its subfolders walked too when `isWalkedBelow`.
    public init(path: FilePath, stamp: FolderStamp, photos: [IndexedPhoto], isWalkedBelow: Bool = false) {
        self.path = path
        self.stamp = stamp
        self.photos = photos
        self.isWalkedBelow = isWalkedBelow
    }

    /// The folder as the walk hands it on: its photos without their inodes.
    public var photoFolder: PhotoFolder { PhotoFolder(path: path, photos: photos.map(\.photo)) }
}
