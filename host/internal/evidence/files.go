package evidence

import "path/filepath"

// File is one file to write under a directory: a report rendered from a
// run's evidence, or a page of a site over several runs. The renderers
// return files rather than write them, so they read and write no disk.
type File struct {
	Path string // relative to the directory, slash-separated
	Data []byte
}

// WriteFiles writes files under dir, each atomically.
func WriteFiles(dir string, files []File) error {
	for _, f := range files {
		if err := WriteFile(filepath.Join(dir, filepath.FromSlash(f.Path)), f.Data); err != nil {
			return err
		}
	}
	return nil
}
