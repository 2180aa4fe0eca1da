"""Books (zip files of pg-proof parts), read from docs/spec/book.md alone (no kernel code).

The container is read with the standard library's :mod:`zipfile`, strictly: plain member names
listed once, stored or deflated members only, no encryption, and the decompressed bytes counted
while they are read against a cap per member, a cap on the total and a cap on the ratio. A member
is read only when the root's walk reaches the part naming it, and for one part only.
"""
from __future__ import annotations

import re
import zipfile

from .envelope import Refused, parse_json_text

ROOT = "certificate.json"
MAX_MEMBERS = 100_000
MAX_MEMBER_BYTES = 1 << 30
MAX_TOTAL_BYTES = 1 << 32
MAX_RATIO = 200            # decompressed / compressed bytes, for members above RATIO_FROM bytes
RATIO_FROM = 1 << 20
CHUNK = 1 << 20
_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]*\.json")


class Book:
    def __init__(self, path):
        try:
            self.zip = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
            raise Refused(f"not a readable zip book ({str(exc)[:60]})") from None
        infos = self.zip.infolist()
        if len(infos) > MAX_MEMBERS:
            raise Refused(f"a book holds at most {MAX_MEMBERS} members")
        self.infos = {}
        for info in infos:
            name = info.filename
            if not _NAME.fullmatch(name) or ".." in name:
                raise Refused(f"a member name is not a plain *.json file name: {name[:60]!r}")
            if name in self.infos:
                raise Refused(f"the member {name!r} is listed twice")
            if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
                raise Refused(f"the member {name!r} is neither stored nor deflated")
            if info.flag_bits & 0x1:
                raise Refused(f"the member {name!r} is encrypted")
            self.infos[name] = info
        if ROOT not in self.infos:
            raise Refused(f"a book needs its root member {ROOT!r}")
        self.total = 0
        self.read_once: set = set()

    def read(self, name: str):
        """The member ``name`` as parsed JSON, its bytes counted while they are read."""
        info = self.infos[name]
        if info.file_size > MAX_MEMBER_BYTES:
            raise Refused(f"member {name!r} declares more than {MAX_MEMBER_BYTES} bytes")
        chunks, size = [], 0
        try:
            with self.zip.open(info) as f:
                while True:
                    chunk = f.read(CHUNK)
                    if not chunk:
                        break
                    size += len(chunk)
                    self.total += len(chunk)
                    if size > MAX_MEMBER_BYTES or self.total > MAX_TOTAL_BYTES:
                        raise Refused(f"member {name!r}: more decompressed bytes than the book allows")
                    if size > RATIO_FROM and size > MAX_RATIO * max(info.compress_size, 1):
                        raise Refused(f"member {name!r} decompresses more than {MAX_RATIO} times")
                    chunks.append(chunk)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError) as exc:
            raise Refused(f"member {name!r} cannot be read ({str(exc)[:60]})") from None
        try:
            text = b"".join(chunks).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise Refused(f"member {name!r} is not UTF-8 (byte {exc.start})") from None
        del chunks
        return parse_json_text(text)

    def open_member(self, name):
        """A part's member: known, not the root, read for one part only."""
        if not isinstance(name, str) or name == ROOT or name not in self.infos:
            raise Refused(f"the book has no member {str(name)[:60]!r}")
        if name in self.read_once:
            raise Refused(f"the member {name!r} is named by two parts (a part proves one state)")
        self.read_once.add(name)
        return self.read(name)


def check_book_path(path) -> tuple:
    """(question, verdict, detail) of the book at ``path``: its root checked like any certificate,
    its parts read as the root's walk reaches them."""
    from . import check
    book = Book(path)
    try:
        root = book.read(ROOT)
        opinion = check(root, book.open_member, owned=True)
    finally:
        book.zip.close()
    return opinion.question, opinion.verdict, f"{opinion.detail}, {len(book.read_once)} parts checked"
