"""Books: one certificate made of independently checked parts, stored as one zip file.

A book is a zip (stdlib :mod:`zipfile`) holding ``certificate.json``, the *root*: a certificate like
any other (format, version, kind, instance, claim, body), whose pg-proof answers may name *parts*
(``"parts": [[t, black, white, "member"]]``, :meth:`verify.certificates.proof.ProofWalk.part`), and
one member per part, each a whole pg-proof certificate of the game at its state. ``verify check
BOOK.zip`` checks the root; each part is read, parsed and checked when the root's walk first reaches
its state, then dropped, so the peak memory is the root's walk plus the largest part, not the sum.

The container is read strictly, and nothing in it is trusted: every member name must be a plain
file name (``[A-Za-z0-9._-]``, ending in ``.json``, no ``/``, ``\\``, ``..`` or leading dot), listed
once; at most :data:`verify.limits.MAX_BOOK_MEMBERS` members; each member's decompressed bytes are
bounded by :data:`verify.limits.MAX_BOOK_MEMBER_BYTES` while they are read (a declared size is
not believed: a zip bomb stops at the bound); a member must be UTF-8 JSON; a member is read for
one part only (checking stays linear in the book: no member is re-checked for many states). Any
defect is one CertificateError line. A member no part names is never read (it proves nothing the
root uses).
"""
from __future__ import annotations

import re
import zipfile

from .. import limits
from ..errors import CertificateError, InputError

ROOT = "certificate.json"
ZIP_MAGIC = b"PK\x03\x04"
_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]*\.json")


def is_book(path) -> bool:
    """Does the file start like a zip (or is it named ``*.zip``)? Such files are read as books."""
    if str(path).endswith(".zip"):
        return True
    try:
        with open(path, "rb") as f:
            return f.read(4) == ZIP_MAGIC
    except OSError:
        return False


class BookRoot(dict):
    """The root certificate of a book (a dict, checked like any certificate) with access to the
    book's members: ``member(name)`` is the parsed JSON of the member ``name``; ``checked``
    counts the parts read."""

    def __init__(self, root: dict, archive: zipfile.ZipFile, names: set, where: str):
        super().__init__(root)
        self._archive = archive
        self._names = names
        self._where = where
        self._read: set = set()
        self.checked = 0

    def close(self) -> None:
        self._archive.close()

    def member(self, name: str):
        """The member ``name``, parsed; each member may be read once: a part proves one state
        (a member named by many states would be checked once each, work growing as the product
        of the root's and the member's sizes, while the zip holds the member once)."""
        if name == ROOT or name not in self._names:
            raise CertificateError(f"the book has no member {name!r}")
        if name in self._read:
            raise CertificateError(f"the member {name!r} is named by two parts (a part proves one state)")
        self._read.add(name)
        self.checked += 1
        return _read_json(self._archive, name, f"{self._where}: member {name!r}")


def open_book(path) -> tuple[zipfile.ZipFile, set]:
    """The open archive and its member names, checked (see the module docstring)."""
    try:
        archive = zipfile.ZipFile(path)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        raise CertificateError(f"not a readable zip book ({exc})") from None
    infos = archive.infolist()
    if len(infos) > limits.MAX_BOOK_MEMBERS:
        archive.close()
        raise CertificateError(f"a book holds at most {limits.MAX_BOOK_MEMBERS} members")
    names: set = set()
    for info in infos:
        name = info.filename
        if not _NAME.fullmatch(name) or ".." in name:
            archive.close()
            raise CertificateError(f"a book member has a name that is not a plain *.json file name: {name!r}")
        if name in names:
            archive.close()
            raise CertificateError(f"a book lists the member {name!r} twice")
        names.add(name)
    if ROOT not in names:
        archive.close()
        raise CertificateError(f"a book needs its root member {ROOT!r}")
    return archive, names


def _read_json(archive: zipfile.ZipFile, name: str, what: str):
    from ..formats.common import read_json_text
    bound = limits.MAX_BOOK_MEMBER_BYTES
    if archive.getinfo(name).file_size > bound:
        raise CertificateError(f"{what} declares more than {bound} bytes")
    try:
        with archive.open(name) as f:
            data = f.read(bound + 1)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError) as exc:
        raise CertificateError(f"{what} cannot be read ({exc})") from None
    if len(data) > bound:
        raise CertificateError(f"{what} holds more than {bound} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CertificateError(f"{what} is not UTF-8 text (byte {exc.start})") from None
    del data
    try:
        return read_json_text(text, what)
    except InputError as exc:
        raise CertificateError(str(exc)) from None


def read_book(path) -> BookRoot:
    """The root certificate of the book at ``path``, its members reachable (the archive stays open
    for the root's lifetime: check it, then drop it)."""
    archive, names = open_book(path)
    root = _read_json(archive, ROOT, f"{path}: {ROOT}")
    if not isinstance(root, dict):
        archive.close()
        raise CertificateError(f"{path}: {ROOT} is not a JSON object")
    return BookRoot(root, archive, names, str(path))
