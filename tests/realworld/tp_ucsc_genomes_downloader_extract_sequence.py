# Real Numba code from LucaCappelletti94/ucsc_genomes_downloader ucsc_genomes_downloader/utils/extract_sequence.py
# at commit 93d9baa208c31a816fe457ce7fe46e9e4d7114ba (MIT, Copyright (c) 2019 Luca Cappelletti), copied unchanged: the module's jitted functions
# (DNA sequences cut from chromosome strings, reverse-complemented through a dict of nucleotides).
# Each case below is run by run.py as this prelude followed by the case alone.
# lines 2-4 and 49 (the imports and the module constant), copied unchanged:
from numba import njit, types, typed, prange
from typing import Dict, List
import numpy as np

sequence_list_type = types.string

# line 7: the helper the other functions call (its case is below), copied unchanged:
@njit
def reverse_complement(nucleotides: str, mapping: Dict) -> str:
    """Return reverse complement of given nucletides.

    Parameters
    --------------------------
    nucleotides: str,
        Nucleotides whose reverse complement is to be computed.

    Returns
    --------------------------
    Reverse complement of given nucleotides.
    """
    return "".join([
        mapping[nucleotide]
        for nucleotide in nucleotides
    ])


# === CASE reverse_complement
# SOURCE: LucaCappelletti94/ucsc_genomes_downloader ucsc_genomes_downloader/utils/extract_sequence.py @ 93d9baa208c3, line 7
# reverse_complement is in the prelude: extract_sequence calls it.
# RUN: reverse_complement ("ACGTTGCAN", (lambda d: (d.update({"A": "T", "C": "G", "G": "C", "T": "A", "N": "N", "a": "t", "c": "g", "g": "c", "t": "a", "n": "n"}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.unicode_type)))
# RUN: reverse_complement ("gattacaGATTACA", (lambda d: (d.update({"A": "T", "C": "G", "G": "C", "T": "A", "N": "N", "a": "t", "c": "g", "g": "c", "t": "a", "n": "n"}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.unicode_type)))

# === CASE extract_sequence
# SOURCE: LucaCappelletti94/ucsc_genomes_downloader ucsc_genomes_downloader/utils/extract_sequence.py @ 93d9baa208c3, line 26
# RUN: extract_sequence ((lambda d: (d.update({"chr1": "ACGTTGCAtgcaNNACGGATCCGTAGCTAGCTTAGGCTA", "chr2": "TTTTGGGGCCCCAAAAacgtACGTNNNNGATTACA"}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.unicode_type)), "chr1", 3, 17, "+", (lambda d: (d.update({"A": "T", "C": "G", "G": "C", "T": "A", "N": "N", "a": "t", "c": "g", "g": "c", "t": "a", "n": "n"}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.unicode_type)))
# RUN: extract_sequence ((lambda d: (d.update({"chr1": "ACGTTGCAtgcaNNACGGATCCGTAGCTAGCTTAGGCTA", "chr2": "TTTTGGGGCCCCAAAAacgtACGTNNNNGATTACA"}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.unicode_type)), "chr1", 3, 17, "-", (lambda d: (d.update({"A": "T", "C": "G", "G": "C", "T": "A", "N": "N", "a": "t", "c": "g", "g": "c", "t": "a", "n": "n"}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.unicode_type)))
# RUN: extract_sequence ((lambda d: (d.update({"chr1": "ACGTTGCAtgcaNNACGGATCCGTAGCTAGCTTAGGCTA", "chr2": "TTTTGGGGCCCCAAAAacgtACGTNNNNGATTACA"}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.unicode_type)), "chr2", 10, 30, "-", (lambda d: (d.update({"A": "T", "C": "G", "G": "C", "T": "A", "N": "N", "a": "t", "c": "g", "g": "c", "t": "a", "n": "n"}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.unicode_type)))
@njit
def extract_sequence(chromosomes: Dict, chrom: str, chromStart: int, chromEnd: int, strand: str, mapping: Dict) -> str:
    """Return genomic sequence for given coordinates.

    Parameters
    ------------------------------------
    chrom: str,
        Chromosome to use.
    chromStart: int,
        Position from where to start slicing.
    chromEnd: int,
        Position where to stop the slice.

    Returns
    -------------------------------------
    Sequence of nucleotides.
    """
    nucleotides = chromosomes[str(chrom)][chromStart:chromEnd]
    if strand == "-":
        return reverse_complement(nucleotides, mapping)
    return nucleotides


# === CASE _extract_sequences
# SOURCE: LucaCappelletti94/ucsc_genomes_downloader ucsc_genomes_downloader/utils/extract_sequence.py @ 93d9baa208c3, line 52
# extract_sequence (line 26), which _extract_sequences calls, is copied before it. The sequences are written
# into a NumPy unicode array, as extract_sequences (line 74) makes it: np.empty(n, dtype=f"<U{maximum_sequence}").
# RUN: _extract_sequences (np.empty(3, dtype="<U14"), (lambda d: (d.update({"chr1": "ACGTTGCAtgcaNNACGGATCCGTAGCTAGCTTAGGCTA", "chr2": "TTTTGGGGCCCCAAAAacgtACGTNNNNGATTACA"}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.unicode_type)), __import__("numba").typed.List(["chr1", "chr2", "chr1"]), np.array([3, 10, 20]), np.array([17, 24, 30]), __import__("numba").typed.List(["+", "-", "-"]), (lambda d: (d.update({"A": "T", "C": "G", "G": "C", "T": "A", "N": "N", "a": "t", "c": "g", "g": "c", "t": "a", "n": "n"}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.unicode_type)))
@njit
def extract_sequence(chromosomes: Dict, chrom: str, chromStart: int, chromEnd: int, strand: str, mapping: Dict) -> str:
    """Return genomic sequence for given coordinates.

    Parameters
    ------------------------------------
    chrom: str,
        Chromosome to use.
    chromStart: int,
        Position from where to start slicing.
    chromEnd: int,
        Position where to stop the slice.

    Returns
    -------------------------------------
    Sequence of nucleotides.
    """
    nucleotides = chromosomes[str(chrom)][chromStart:chromEnd]
    if strand == "-":
        return reverse_complement(nucleotides, mapping)
    return nucleotides



@njit(parallel=True)
def _extract_sequences(
    sequences: List[str],
    chromosomes: Dict,
    chroms: List[str],
    chromStarts: List[int],
    chromEnds: List[int],
    strands: List[str],
    mapping: Dict
):
    """Populates given strings vector."""
    for i in prange(len(chroms)):  # pylint: disable=not-an-iterable
        sequences[i] = extract_sequence(
            chromosomes,
            chroms[i],
            chromStarts[i],
            chromEnds[i],
            str(strands[i]) if strands is not None else str("."),
            mapping
        )

