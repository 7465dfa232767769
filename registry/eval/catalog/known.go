package catalog

import (
	"fmt"
	"regexp"
)

// Known is a reviewed finding: its cause has been looked into and
// understood, so a run reports it apart from new findings and it does not
// change the exit status. A run also says when a known finding no longer
// occurs, so the list is kept honest.
type Known struct {
	// Impl is the implementation it concerns; empty for every one.
	Impl string `json:"impl,omitempty"`
	// What is the kind of finding ("kat", "robust", "size", "ct").
	What string `json:"what"`
	// Source is the KAT or vector source it comes from ("wycheproof"), or
	// the step's operation; empty for any.
	Source string `json:"source,omitempty"`
	// Cases is a regular expression the finding's detail matches: the case
	// ids or a pattern of the message.
	Cases string `json:"cases"`
	// Reason says why it happens and why it is accepted.
	Reason string `json:"reason"`
	// Link points to the upstream report or documentation.
	Link string `json:"link,omitempty"`
}

// Matches reports whether a finding of kind what, from source, about
// implementation impl and with the given detail, is this known one.
func (k *Known) Matches(impl, what, source, detail string) bool {
	if k.Impl != "" && k.Impl != impl || k.What != what || k.Source != "" && k.Source != source {
		return false
	}
	re, err := regexp.Compile(k.Cases)
	return err == nil && re.MatchString(detail)
}

// validate checks a known finding's fields; errors start with the field
// name.
func (k *Known) validate() error {
	if k.What == "" {
		return fmt.Errorf("what: empty")
	}
	if k.Reason == "" {
		return fmt.Errorf("reason: empty")
	}
	if k.Cases == "" {
		return fmt.Errorf("cases: empty (a pattern that matches every finding is not a review)")
	}
	if _, err := regexp.Compile(k.Cases); err != nil {
		return fmt.Errorf("cases: %w", err)
	}
	return nil
}
