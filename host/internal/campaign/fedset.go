package campaign

// fedSet is a fed loop and the inputs the producer made for it. A point's
// trials, each in a fresh process that has seen none of them, share one
// set: making the inputs was most of a fed trial's time (296 whole X25519
// exchanges took 530 to 700 ms, against 20 ms for the timed loop), and a
// memoiser cannot carry answers from one process to the next. Each timed
// call of a process still gets an input that process has not seen: the
// k-th try of a trial (a retry of a disturbed call) gets the k-th batch,
// made when first needed (at load 9, with every call retried twice,
// making fresh inputs for each retry took most of a campaign's time).
type fedSet struct {
	l    *fedLoop
	warm []fedInput
	ins  [][]fedInput // by try
	n    int
}

// inputs returns the batch of timed inputs for the try-th try.
func (s *fedSet) inputs(try int) ([]fedInput, error) {
	for len(s.ins) <= try {
		ins, err := s.l.inputs(s.n, forgeries(s.l.op, s.n))
		if err != nil {
			return nil, err
		}
		s.ins = append(s.ins, ins)
	}
	return s.ins[try], nil
}

// newFedSet has the producer make a fed loop's key and warm-up inputs,
// for batches of n timed inputs.
func newFedSet(prod *producer, pt *point, n int) (*fedSet, error) {
	r, err := prod.runner(pt.id)
	if err != nil {
		return nil, err
	}
	l, err := newFedLoop(r, pt)
	if err != nil {
		return nil, err
	}
	warm, err := l.inputs(fedWarm, nil)
	if err != nil {
		return nil, err
	}
	return &fedSet{l: l, warm: warm, n: n}, nil
}
