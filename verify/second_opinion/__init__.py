"""A second certificate checker sharing no code with the kernel (placeholder; dispatch follows)."""
