# Real Numba code from MannLabs/alphapept alphapept/fasta.py at commit c81f6f7072cad940aa95328f49d6b6cb6b252669
# (Apache-2.0, Copyright (c) MannLabs), copied unchanged: the module's jitted functions (peptide
# strings parsed, reversed into decoys, and turned into precursor and fragment masses).
# Each case below is run by run.py as this prelude followed by the case alone.
# The mass dictionary of the RUN lines stands in for alphapept.constants.mass_dict (a
# numba.typed.Dict of str to float64 read from the package's data files): the 20 amino acids'
# monoisotopic masses, two modified ones (oxM, cC), the proton and water.

# lines 111-112, 523-524 (the imports the functions need):
from numba import njit
from numba.typed import List
import numpy as np
import numba

# lines 114-134, 182-222, 526-581: the helpers the other functions call (their cases are below), copied unchanged:
# line 114
@njit
def parse(peptide:str)->List:
    """
    Parser to parse peptide strings
    Args: 
        peptide (str): modified peptide sequence.
    Return:
        List (numba.typed.List): a list of animo acids and modified amono acids
    """
    if "_" in peptide:
        peptide = peptide.split("_")[0]
    parsed = List()
    string = ""

    for i in peptide:
        string += i
        if i.isupper():
            parsed.append(string)
            string = ""

    return parsed



# line 182
@njit
def swap_KR(peptide:str)->str:
    """
    Swaps a terminal K or R. Note: Only if AA is not modified.

    Args:
        peptide (str): peptide.

    Returns:
        str: peptide with swapped KRs.
    """
    if peptide[-1] == 'K':
        peptide[-1] = 'R'
    elif peptide[-1] == 'R':
        peptide[-1] = 'K'

    return peptide



# line 201
@njit
def swap_AL(peptide:str)->str:
    """
    Swaps a A with L. Note: Only if AA is not modified.
    Args:
        peptide (str): peptide.

    Returns:
        str: peptide with swapped ALs.
    """
    i = 0
    while i < len(range(len(peptide) - 1)):
        if peptide[i] == "A":
            peptide[i] = peptide[i + 1]
            peptide[i + 1] = "A"
            i += 1
        elif peptide[i] == "L":
            peptide[i] = peptide[i + 1]
            peptide[i + 1] = "L"
            i += 1
        i += 1

    return peptide



# line 526
@njit
def get_precmass(parsed_pep:list, mass_dict:numba.typed.Dict)->float:
    """
    Calculate the mass of the neutral precursor
    Args:
        parsed_pep (list or numba.typed.List of str): the list of amino acids and modified amono acids.
        mass_dict (numba.typed.Dict): key is the amino acid or the modified amino acid, and the value is the mass.
    Returns:
        float: the peptide neutral mass.
    """
    tmass = mass_dict["H2O"]
    for _ in parsed_pep:
        tmass += mass_dict[_]

    return tmass



# line 545
@njit
def get_fragmass(parsed_pep:list, mass_dict:numba.typed.Dict)->tuple:
    """
    Calculate the masses of the fragment ions
    Args:
        parsed_pep (numba.typed.List of str): the list of amino acids and modified amono acids.
        mass_dict (numba.typed.Dict): key is the amino acid or the modified amino acid, and the value is the mass.
    Returns:
        Tuple[np.ndarray(np.float64), np.ndarray(np.int8)]: the fragment masses and the fragment types (represented as np.int8). 
        For a fragment type, positive value means the b-ion, the value indicates the position (b1, b2, b3...); the negative value means
        the y-ion, the absolute value indicates the position (y1, y2, ...).
    """
    n_frags = (len(parsed_pep) - 1) * 2

    frag_masses = np.zeros(n_frags, dtype=np.float64)
    frag_type = np.zeros(n_frags, dtype=np.int8)

    # b-ions > 0
    n_frag = 0

    frag_m = mass_dict["Proton"]
    for idx, _ in enumerate(parsed_pep[:-1]):
        frag_m += mass_dict[_]
        frag_masses[n_frag] = frag_m
        frag_type[n_frag] = (idx+1)
        n_frag += 1

    # y-ions < 0
    frag_m = mass_dict["Proton"] + mass_dict["H2O"]
    for idx, _ in enumerate(parsed_pep[::-1][:-1]):
        frag_m += mass_dict[_]
        frag_masses[n_frag] = frag_m
        frag_type[n_frag] = -(idx+1)
        n_frag += 1

    return frag_masses, frag_type


# === CASE parse
# SOURCE: MannLabs/alphapept alphapept/fasta.py @ c81f6f7072ca, line 114
# parse is in the prelude: get_decoy_sequence, get_spectrum and get_spectra call it.
# RUN: parse ("PEPTIDE",)
# RUN: parse ("ACDEFGHIKLMNPQRSTVWY",)
# RUN: parse ("PEPoxMTIDEcCK",)
# RUN: parse ("AGHKLR_decoy",)

# === CASE swap_KR
# SOURCE: MannLabs/alphapept alphapept/fasta.py @ c81f6f7072ca, line 182
# swap_KR is in the prelude: get_decoy_sequence calls it.
# RUN: swap_KR (__import__("numba").typed.List(["E", "D", "I", "T", "P", "E", "P", "K"]),)
# RUN: swap_KR (__import__("numba").typed.List(["A", "G", "R"]),)
# RUN: swap_KR (__import__("numba").typed.List(["A", "G", "oxM"]),)

# === CASE swap_AL
# SOURCE: MannLabs/alphapept alphapept/fasta.py @ c81f6f7072ca, line 201
# swap_AL is in the prelude: get_decoy_sequence calls it.
# RUN: swap_AL (__import__("numba").typed.List(["K", "A", "G", "L", "E", "A", "L", "R"]),)
# RUN: swap_AL (__import__("numba").typed.List(["P", "E", "P", "T", "I", "D", "E"]),)

# === CASE get_decoy_sequence
# SOURCE: MannLabs/alphapept alphapept/fasta.py @ c81f6f7072ca, line 152
# RUN: get_decoy_sequence ("PEPTIDEK",)
# RUN: get_decoy_sequence ("PEPTIDEK", True)
# RUN: get_decoy_sequence ("KALGELAPEPoxMTIDER", True, True, True)
# RUN: get_decoy_sequence ("ALGEcCLAK", False, True, False)
# line 152
@njit
def get_decoy_sequence(peptide:str, pseudo_reverse:bool=False, AL_swap:bool=False, KR_swap:bool = False)->str:
    """
    Reverses a sequence and adds the '_decoy' tag.
    Args:
        peptide (str): modified peptide to be reversed.
        pseudo_reverse (bool): If True, reverse the peptide bug keep the C-terminal amino acid; otherwise reverse the whole peptide. (Default: False)
        AL_swap (bool): replace A with L, and vice versa. (Default: False)
        KR_swap (bool): replace K with R at the C-terminal, and vice versa. (Default: False)
    Returns:
        str: reversed peptide ending with the '_decoy' tag.
    """
    pep = parse(peptide)
    if pseudo_reverse:
        rev_pep = pep[:-1][::-1]
        rev_pep.append(pep[-1])
    else:
        rev_pep = pep[::-1]

    if AL_swap:
        rev_pep = swap_AL(rev_pep)

    if KR_swap:
        rev_pep = swap_KR(rev_pep)

    rev_pep = "".join(rev_pep)

    return rev_pep


# === CASE get_precmass
# SOURCE: MannLabs/alphapept alphapept/fasta.py @ c81f6f7072ca, line 526
# get_precmass is in the prelude: get_spectrum calls it.
# RUN: get_precmass (__import__("numba").typed.List(["P", "E", "P", "T", "I", "D", "E"]), (lambda d: (d.update({"G": 57.02146, "A": 71.03711, "S": 87.03203, "P": 97.05276, "V": 99.06841, "T": 101.04768, "C": 103.00919, "L": 113.08406, "I": 113.08406, "N": 114.04293, "D": 115.02694, "Q": 128.05858, "K": 128.09496, "E": 129.04259, "M": 131.04049, "H": 137.05891, "F": 147.06841, "R": 156.10111, "Y": 163.06333, "W": 186.07931, "oxM": 147.0354, "cC": 160.03065, "Proton": 1.00727646687, "H2O": 18.0105646837}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.float64)))
# RUN: get_precmass (__import__("numba").typed.List(["A", "oxM", "cC", "K"]), (lambda d: (d.update({"G": 57.02146, "A": 71.03711, "S": 87.03203, "P": 97.05276, "V": 99.06841, "T": 101.04768, "C": 103.00919, "L": 113.08406, "I": 113.08406, "N": 114.04293, "D": 115.02694, "Q": 128.05858, "K": 128.09496, "E": 129.04259, "M": 131.04049, "H": 137.05891, "F": 147.06841, "R": 156.10111, "Y": 163.06333, "W": 186.07931, "oxM": 147.0354, "cC": 160.03065, "Proton": 1.00727646687, "H2O": 18.0105646837}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.float64)))

# === CASE get_fragmass
# SOURCE: MannLabs/alphapept alphapept/fasta.py @ c81f6f7072ca, line 545
# get_fragmass is in the prelude: get_spectrum calls it.
# RUN: get_fragmass (__import__("numba").typed.List(["P", "E", "P", "T", "I", "D", "E"]), (lambda d: (d.update({"G": 57.02146, "A": 71.03711, "S": 87.03203, "P": 97.05276, "V": 99.06841, "T": 101.04768, "C": 103.00919, "L": 113.08406, "I": 113.08406, "N": 114.04293, "D": 115.02694, "Q": 128.05858, "K": 128.09496, "E": 129.04259, "M": 131.04049, "H": 137.05891, "F": 147.06841, "R": 156.10111, "Y": 163.06333, "W": 186.07931, "oxM": 147.0354, "cC": 160.03065, "Proton": 1.00727646687, "H2O": 18.0105646837}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.float64)))
# RUN: get_fragmass (__import__("numba").typed.List(["A", "oxM", "cC", "K"]), (lambda d: (d.update({"G": 57.02146, "A": 71.03711, "S": 87.03203, "P": 97.05276, "V": 99.06841, "T": 101.04768, "C": 103.00919, "L": 113.08406, "I": 113.08406, "N": 114.04293, "D": 115.02694, "Q": 128.05858, "K": 128.09496, "E": 129.04259, "M": 131.04049, "H": 137.05891, "F": 147.06841, "R": 156.10111, "Y": 163.06333, "W": 186.07931, "oxM": 147.0354, "cC": 160.03065, "Proton": 1.00727646687, "H2O": 18.0105646837}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.float64)))

# === CASE get_spectrum
# SOURCE: MannLabs/alphapept alphapept/fasta.py @ c81f6f7072ca, line 608
# RUN: get_spectrum ("PEPTIDE", (lambda d: (d.update({"G": 57.02146, "A": 71.03711, "S": 87.03203, "P": 97.05276, "V": 99.06841, "T": 101.04768, "C": 103.00919, "L": 113.08406, "I": 113.08406, "N": 114.04293, "D": 115.02694, "Q": 128.05858, "K": 128.09496, "E": 129.04259, "M": 131.04049, "H": 137.05891, "F": 147.06841, "R": 156.10111, "Y": 163.06333, "W": 186.07931, "oxM": 147.0354, "cC": 160.03065, "Proton": 1.00727646687, "H2O": 18.0105646837}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.float64)))
# RUN: get_spectrum ("AGHoxMLEcCK", (lambda d: (d.update({"G": 57.02146, "A": 71.03711, "S": 87.03203, "P": 97.05276, "V": 99.06841, "T": 101.04768, "C": 103.00919, "L": 113.08406, "I": 113.08406, "N": 114.04293, "D": 115.02694, "Q": 128.05858, "K": 128.09496, "E": 129.04259, "M": 131.04049, "H": 137.05891, "F": 147.06841, "R": 156.10111, "Y": 163.06333, "W": 186.07931, "oxM": 147.0354, "cC": 160.03065, "Proton": 1.00727646687, "H2O": 18.0105646837}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.float64)))
# line 608
@njit
def get_spectrum(peptide:str, mass_dict:numba.typed.Dict)->tuple:
    """
    Get neutral peptide mass, fragment masses and fragment types for a peptide
    Args:
        peptide (str): the (modified) peptide.
        mass_dict (numba.typed.Dict): key is the amino acid or modified amino acid, and the value is the mass.
    Returns:
        Tuple[float, str, np.ndarray(np.float64), np.ndarray(np.int8)]: (peptide mass, peptide, fragment masses, fragment_types), for fragment types, see get_fragmass.
    """
    parsed_peptide = parse(peptide)

    fragmasses, fragtypes = get_fragmass(parsed_peptide, mass_dict)
    sortindex = np.argsort(fragmasses)
    fragmasses = fragmasses[sortindex]
    fragtypes = fragtypes[sortindex]

    precmass = get_precmass(parsed_peptide, mass_dict)

    return (precmass, peptide, fragmasses, fragtypes)


# === CASE get_spectra
# SOURCE: MannLabs/alphapept alphapept/fasta.py @ c81f6f7072ca, line 629
# The last peptide names an amino acid the dictionary lacks: get_spectrum raises KeyError, which get_spectra passes over.
# get_spectrum (line 608), which get_spectra calls, is copied before it.
# RUN: get_spectra (__import__("numba").typed.List(["PEPTIDE", "AGHoxMLEcCK", "KLR"]), (lambda d: (d.update({"G": 57.02146, "A": 71.03711, "S": 87.03203, "P": 97.05276, "V": 99.06841, "T": 101.04768, "C": 103.00919, "L": 113.08406, "I": 113.08406, "N": 114.04293, "D": 115.02694, "Q": 128.05858, "K": 128.09496, "E": 129.04259, "M": 131.04049, "H": 137.05891, "F": 147.06841, "R": 156.10111, "Y": 163.06333, "W": 186.07931, "oxM": 147.0354, "cC": 160.03065, "Proton": 1.00727646687, "H2O": 18.0105646837}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.float64)))
# RUN: get_spectra (__import__("numba").typed.List(["PEPTIDE", "PEPXIDE", "ELVISLIVESK"]), (lambda d: (d.update({"G": 57.02146, "A": 71.03711, "S": 87.03203, "P": 97.05276, "V": 99.06841, "T": 101.04768, "C": 103.00919, "L": 113.08406, "I": 113.08406, "N": 114.04293, "D": 115.02694, "Q": 128.05858, "K": 128.09496, "E": 129.04259, "M": 131.04049, "H": 137.05891, "F": 147.06841, "R": 156.10111, "Y": 163.06333, "W": 186.07931, "oxM": 147.0354, "cC": 160.03065, "Proton": 1.00727646687, "H2O": 18.0105646837}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.unicode_type, __import__("numba").types.float64)))
# line 608
@njit
def get_spectrum(peptide:str, mass_dict:numba.typed.Dict)->tuple:
    """
    Get neutral peptide mass, fragment masses and fragment types for a peptide
    Args:
        peptide (str): the (modified) peptide.
        mass_dict (numba.typed.Dict): key is the amino acid or modified amino acid, and the value is the mass.
    Returns:
        Tuple[float, str, np.ndarray(np.float64), np.ndarray(np.int8)]: (peptide mass, peptide, fragment masses, fragment_types), for fragment types, see get_fragmass.
    """
    parsed_peptide = parse(peptide)

    fragmasses, fragtypes = get_fragmass(parsed_peptide, mass_dict)
    sortindex = np.argsort(fragmasses)
    fragmasses = fragmasses[sortindex]
    fragtypes = fragtypes[sortindex]

    precmass = get_precmass(parsed_peptide, mass_dict)

    return (precmass, peptide, fragmasses, fragtypes)



# line 629
@njit
def get_spectra(peptides:numba.typed.List, mass_dict:numba.typed.Dict)->List:
    """
    Get neutral peptide mass, fragment masses and fragment types for a list of peptides
    Args:
        peptides (list of str): the (modified) peptide list.
        mass_dict (numba.typed.Dict): key is the amino acid or modified amino acid, and the value is the mass.
    Raises:
        Unknown exception and pass.
    Returns:
        list of Tuple[float, str, np.ndarray(np.float64), np.ndarray(np.int8)]: See get_spectrum.
    """
    spectra = List()

    for i in range(len(peptides)):
        try:
            spectra.append(get_spectrum(peptides[i], mass_dict))
        except Exception: #TODO: This is to fix edge cases when having multiple modifications on the same AA.  
            pass

    return spectra

