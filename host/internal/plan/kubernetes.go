package plan

import (
	"encoding/json"
	"fmt"
)

// Kubernetes writes an Indexed Job (shards.json: the pod of completion
// index k runs shard k+1/N), a Job that merges and reports (merge.json),
// and submit.sh, which applies the first, waits until it has completed or
// failed, then applies the second. The pods share the results volume, a
// PersistentVolumeClaim named <name>-results that must allow ReadWriteMany.
// Each pod asks for exactly one whole CPU with equal limits (Guaranteed
// QoS), which the kubelet's static CPU manager policy turns into one
// exclusive core.
func Kubernetes(p Plan) (map[string]string, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	if p.Image == "" {
		return nil, fmt.Errorf("kubernetes: --image is required: the image that holds host and the plugins")
	}
	if p.Host == "" {
		p.Host = "host"
	}
	if p.Results == "" {
		p.Results = "/results"
	}
	claim := p.Name + "-results"
	pod := func(container, script string) map[string]any {
		c := map[string]any{
			"name": container, "image": p.Image,
			"command":      []string{"/bin/sh", "-c", script},
			"resources":    map[string]any{"requests": one, "limits": one},
			"volumeMounts": []any{map[string]any{"name": "results", "mountPath": p.Results}},
		}
		if p.Dir != "" {
			c["workingDir"] = p.Dir
		}
		return map[string]any{"spec": map[string]any{
			"restartPolicy": "Never",
			"containers":    []any{c},
			"volumes":       []any{map[string]any{"name": "results", "persistentVolumeClaim": map[string]any{"claimName": claim}}},
		}}
	}
	shards := map[string]any{
		"apiVersion": "batch/v1", "kind": "Job",
		"metadata": map[string]any{"name": p.Name},
		"spec": map[string]any{
			"completionMode": "Indexed", "completions": p.Shards, "parallelism": p.Shards,
			"backoffLimit": p.Shards,
			"template":     pod("shard", "set -eu\ni=$((JOB_COMPLETION_INDEX + 1))\nmkdir -p "+quote(p.Results+"/shards")+"\n"+p.shardCommand()),
		},
	}
	merge := map[string]any{
		"apiVersion": "batch/v1", "kind": "Job",
		"metadata": map[string]any{"name": p.Name + "-merge"},
		"spec": map[string]any{
			"completions": 1, "backoffLimit": 0,
			"template": pod("merge", "set -eu\n"+p.mergeCommand()),
		},
	}
	files := map[string]string{
		"submit.sh": "#!/bin/sh\n# Applies the shards' Indexed Job, waits until it has completed or\n# failed (host merge reports a missing shard), then applies the merge Job.\nset -eu\n" +
			`plan=$(cd "$(dirname "$0")" && pwd)` + "\n" +
			`kubectl apply -f "$plan/shards.json"` + "\n" +
			`until kubectl get job ` + p.Name + ` -o jsonpath='{.status.conditions[*].type}' | grep -Eq 'Complete|Failed'; do sleep 30; done` + "\n" +
			`kubectl apply -f "$plan/merge.json"` + "\n",
	}
	for name, v := range map[string]any{"shards.json": shards, "merge.json": merge} {
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return nil, err
		}
		files[name] = string(b) + "\n"
	}
	return files, nil
}

// one is a whole CPU and the memory a shard's plugins are limited to.
var one = map[string]string{"cpu": "1", "memory": "2Gi"}
