/* Toy KEM sizes in bytes: those of toykem (Crucible test data). */
#ifndef TOY_PARAMS_H
#define TOY_PARAMS_H

#define TOY_S 32
#define TOY_Z 16
#define TOY_PK 64
#define TOY_SK (TOY_S + TOY_Z + TOY_PK)
#define TOY_M 32
#define TOY_CT (TOY_M + 32)
#define TOY_SS 48

#endif
