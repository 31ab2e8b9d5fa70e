/* progen_main.c — `progen SEED`: prints the program tests/fuzz/progen.c makes from the choices
 * of a fixed pseudo-random stream seeded by SEED (splitmix64), for tests/fuzz/difffuzz.py. The
 * same SEED gives the same program on every machine. */
#include <stdio.h>
#include <stdlib.h>

#include "progen.h"

enum { CHOICES = 4096 };

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: progen SEED\n");
        return 2;
    }
    uint64_t state = strtoull(argv[1], NULL, 10);
    static uint8_t choices[CHOICES];
    for (int i = 0; i < CHOICES; i++)
        choices[i] = (uint8_t)(splitmix64(&state) >> 56);
    ProgenInfo info;
    char *program = progen_program(choices, sizeof choices, &info);
    if (!program)
        return 1;
    printf("# progen %s: %d function%s\n%s", argv[1], info.nfuncs, info.nfuncs == 1 ? "" : "s", program);
    free(program);
    return 0;
}
