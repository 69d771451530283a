import GRDB

extension LibraryIndex {
    /// The index's schema, one migration per version; a version's migration is never changed once released, a later
    /// one adds to it. Stacks come as later migrations (their own tables, keyed by
    /// `photo.id`).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: folders and photos") { db in
            // A folder whose photos were read, and what it was then (FolderStamp); `below`: whether its subfolders
            // were walked too (a recursive walk's), each then a folder of its own here.
            try db.execute(
                sql: """
                    CREATE TABLE folder (
                        id INTEGER PRIMARY KEY,
                        path BLOB NOT NULL UNIQUE,
                        device INTEGER NOT NULL,
                        inode INTEGER NOT NULL,
                        modified REAL NOT NULL,
                        below INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE TABLE photo (
                        id INTEGER PRIMARY KEY,
                        folder INTEGER NOT NULL REFERENCES folder(id) ON DELETE CASCADE,
                        name BLOB NOT NULL,
                        size INTEGER NOT NULL,
                        modified REAL NOT NULL,
                        inode INTEGER NOT NULL,
                        format TEXT,
                        width INTEGER,
                        height INTEGER,
                        orientation INTEGER,
                        taken TEXT,
                        duration REAL,
                        camera TEXT,
                        lens TEXT,
                        exposure TEXT,
                        rating INTEGER NOT NULL DEFAULT 0,
                        rejected INTEGER NOT NULL DEFAULT 0,
                        error BLOB,
                        UNIQUE (folder, name)
                    );
                    """)
        }
        migrator.registerMigration("v2: each folder's run of photo ids") { db in
            // A folder's photos are stored in one transaction, so their ids are one run: `firstPhoto` is its first
            // id, `photoCount` its length. A launch reads the rows over it without counting them first (a search of
            // the (folder, name) index, all of a million photos' entries again). NULL in a folder stored before.
            try db.execute(
                sql: """
                    ALTER TABLE folder ADD COLUMN firstPhoto INTEGER;
                    ALTER TABLE folder ADD COLUMN photoCount INTEGER;
                    """)
        }
        migrator.registerMigration("v3: each folder's photos in one blob") { db in
            // `snapshot`: the folder's photos as a launch reads them, without their marks (`FolderSnapshot`); NULL in
            // a folder stored before. `photo_marked` indexes the photos with a mark, which a launch reads from the
            // rows: a library with few marks has few entries. A query uses it when its WHERE has this term as it is.
            try db.execute(
                sql: """
                    ALTER TABLE folder ADD COLUMN snapshot BLOB;
                    CREATE INDEX photo_marked ON photo(folder) WHERE (rating != 0 OR rejected != 0);
                    """)
        }
        migrator.registerMigration("v4: keywords") { db in
            // A photo's keywords, each its path ("places/sea/beach"), as its XMP said when it was read: none for most
            // photos, so a table of their own rather than a column of every row. A launch reads a folder's by the
            // run of its photos' ids, in their XMP's order (`keyword_photo` holds each photo's by rowid); `keyword_path`
            // finds a keyword's photos.
            try db.execute(
                sql: """
                    CREATE TABLE keyword (
                        photo INTEGER NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
                        path TEXT NOT NULL
                    );
                    CREATE INDEX keyword_photo ON keyword(photo);
                    CREATE INDEX keyword_path ON keyword(path);
                    """)
        }
        migrator.registerMigration("v5: perceptual hashes") { db in
            // `hash`: the perceptual hash of the photo's decoded thumbnail (`PerceptualHash`'s bits), once one was
            // decoded; NULL before. Set on its own as thumbnails are decoded (`setHashes`), so a launch reads it from
            // the rows, through `photo_hashed`, as it reads the marks.
            try db.execute(
                sql: """
                    ALTER TABLE photo ADD COLUMN hash INTEGER;
                    CREATE INDEX photo_hashed ON photo(folder) WHERE hash IS NOT NULL;
                    """)
        }
        return migrator
    }
}
